/**
 * React components that render a mobilization, its blocks and its widgets, shared by the page editor and the
 * server-rendered public page so the two cannot drift apart. Pure and SSR-safe: nothing touches `window` at import
 * time. Server rendering lives in the separate `@mutirao/widgets/server` entry.
 */

export { Counter } from './action/Counter';
export { FinishMessage, type FinishModel, finishModel } from './action/FinishMessage';
export { ShareScreen, type ShareScreenProps } from './action/ShareScreen';
export { openShare, type ShareInput, type ShareNetwork, shareWebUrl } from './action/share';
export { BlockView, type BlockViewProps } from './BlockView';
export { blockBackground } from './background';
export { ContentWidget } from './content/ContentWidget';
export { EmbedView, type EmbedViewProps } from './content/EmbedView';
export { RichTextView, type RichTextViewProps } from './content/RichTextView';
export { pageFontFamilies } from './fonts';
export { FormView, type FormViewProps } from './form/FormView';
export { type FormModel, formModel } from './form/formModel';
export { type PageImage, PageImages } from './images';
export { blockAnchor, columnClasses, inPublicMenu, orderBlocks, widgetsOf } from './layout';
export { DEFAULT_BODY_FONT, MobilizationPage, type MobilizationPageProps } from './MobilizationPage';
export { NAVBAR_FIXED_AFTER_PX, navbarScript } from './navbar-script';
export { WIDGET_REGISTRY, widgetModule } from './registry';
export { widgetsCss } from './styles';
export { contrastRatio, PALETTES, type Palette, schemeName } from './theme';
export type {
  EditorSlots,
  PageBlock,
  PageMobilization,
  PageWidget,
  RenderMode,
  WidgetModule,
  WidgetViewProps,
} from './types';
export { WidgetView } from './WidgetView';
