import type { Locale, MessageKey, WidgetKind } from '@mutirao/core';
import type { ComponentType, ReactNode } from 'react';

/** 'edit' inside the page editor; 'public' on the visitor's page. */
export type RenderMode = 'public' | 'edit';

/** The mobilization fields a page uses (snake_case, as the API sends them). */
export interface PageMobilization {
  id: number;
  name: string;
  header_font?: string | null;
  body_font?: string | null;
  color_scheme?: string | null;
  /** The tweet text of the share screens. */
  twitter_share_text?: string | null;
  /** Actions on the page need a solved anti-spam challenge (issue 35): its islands solve one as they hydrate. */
  antispam_challenge?: boolean;
}

/** A widget as the API sends it; `kind` is a string because stored rows may hold a kind this version lacks. */
export interface PageWidget {
  id: number;
  block_id?: number;
  kind: string;
  sm_size?: number | null;
  md_size?: number | null;
  lg_size?: number | null;
  settings?: unknown;
  /** Entries of a form widget (the admin API's field; the public page counts them as it renders). */
  form_entries_count?: number;
  /** Actions taken on the widget, whatever its kind (pressures, donations, entries). */
  count?: number;
  /** A donation widget's fund-raising goal, in integer cents. */
  goal?: number | null;
}

/** A block as the API sends it, with its widgets (or give them to the page separately, by block_id). */
export interface PageBlock {
  id: number;
  name?: string | null;
  position?: number;
  hidden?: boolean | null;
  menu_hidden?: boolean | null;
  bg_class?: string | null;
  bg_image?: string | null;
  widgets?: PageWidget[];
}

/**
 * What the editor plugs into the shared rendering, in edit mode only. Each slot is optional; without it the
 * page renders as the public page does, plus the edit-mode tags. The DOM is the same in both modes apart from
 * these overlays, so what the organiser sees is what visitors get. Every edit-only element carries `data-mz-edit`
 * and takes no room in the layout (a draft column's chooser aside, which public pages leave empty).
 */
export interface EditorSlots {
  /** The chooser of kinds shown in an empty (`draft`) column. */
  renderDraft?: (widget: PageWidget, block: PageBlock) => ReactNode;
  /** Replaces a widget's view, e.g. with the rich-text editor while it is being edited. `undefined` keeps it. */
  renderWidget?: (widget: PageWidget, block: PageBlock, view: ReactNode) => ReactNode | undefined;
  /** Edit and remove buttons, shown on hover and focus over an editable widget. */
  renderWidgetActions?: (widget: PageWidget, block: PageBlock) => ReactNode;
  /** A click (or Enter) on the 'Clique para editar' overlay. */
  onWidgetClick?: (widget: PageWidget, block: PageBlock) => void;
  /** The block menu: duplicate, background, show/hide, remove, move up/down. */
  renderBlockMenu?: (block: PageBlock, index: number, count: number) => ReactNode;
  /** A navbar entry: the inline name editor and the eye (menu_hidden) button. */
  renderNavItem?: (block: PageBlock, link: ReactNode) => ReactNode;
}

export interface WidgetViewProps {
  widget: PageWidget;
  block: PageBlock;
  mobilization: PageMobilization;
  locale: Locale;
  mode: RenderMode;
  slots?: EditorSlots;
  /** In the page's first block, seen without scrolling: its images load at once instead of lazily. */
  aboveTheFold?: boolean;
}

/** One widget kind: how it renders and how the page treats it. */
export interface WidgetModule {
  kind: WidgetKind;
  /** Its name in the catalogue, for choosers and placeholders. */
  labelKey: MessageKey;
  /** Shows the 'Clique para editar' overlay in edit mode (false for widgets that render bare). */
  overlay: boolean;
  /** Rendered on the public page at all (draft slots are not). */
  publicView: boolean;
  /** Needs JavaScript on the public page: the server hydrates only these, through `island`. */
  interactive: boolean;
  View: (props: WidgetViewProps) => ReactNode;
  /** How an interactive widget is hydrated in the visitor's browser (see `islands/`). */
  island?: IslandSpec;
  /** The kind's own CSS, added to the page's stylesheet (`widgetsCss`). */
  css?: string;
}

/**
 * An interactive widget's island: the component the public bundle hydrates, under its name, and the plain-JSON props
 * it hydrates from, computed on the server from the widget's props. The component must render exactly what `View`
 * does for those props, so hydration adopts the server's markup unchanged. The bundle's table of components is
 * built from these specs (`islands/client.tsx`), so a new interactive kind needs nothing more.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds islands of every props type; `defineIsland` checks each pair.
export interface IslandSpec<P = any> {
  /** The name the page's markup gives the island (`data-mz-island`). */
  name: string;
  component: ComponentType<P>;
  props(props: WidgetViewProps): P;
}

/** An island whose props function and component are checked against each other. */
export const defineIsland = <P>(spec: IslandSpec<P>): IslandSpec => spec;
