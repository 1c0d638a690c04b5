import { WIDGET_KINDS, type WidgetKind } from '@mutirao/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { EditorIconName } from '../editor/icons';

/**
 * One widget kind in the admin app. Each kind's screens live in `widgets/<kind>/`; this map is the one place that
 * lists them, and leaving a kind out is a compile error.
 */
export interface WebWidgetKind {
  /** Offered in an empty column's chooser (spec 02 §1), with this icon. */
  chooser?: { icon: EditorIconName };
  /** Edited on the page itself (the rich-text editor) rather than on settings screens. */
  editedInPlace?: boolean;
  /**
   * Its settings screens at `/mobilizations/{id}/widgets/{widget_id}/{segment}/*` (spec 01 §2), as one lazily loaded
   * chunk holding every tab. A kind without them can be placed and removed but has nothing to set.
   */
  settings?: { segment: string; Screens: LazyExoticComponent<ComponentType> };
}

export const WEB_WIDGET_KINDS = {
  draft: {},
  content: { chooser: { icon: 'content' }, editedInPlace: true },
  form: {
    chooser: { icon: 'form' },
    settings: { segment: 'form', Screens: lazy(() => import('./form/FormSettingsRoutes')) },
  },
  pressure: {
    chooser: { icon: 'megaphone' },
    settings: { segment: 'pressure', Screens: lazy(() => import('./pressure/PressureSettingsRoutes')) },
  },
  // Its own tabs: the numbers to call, and no e-mail to write.
  'pressure-phone': {
    chooser: { icon: 'phone' },
    settings: {
      segment: 'pressure-phone',
      Screens: lazy(() => import('./pressure-phone/PhonePressureSettingsRoutes')),
    },
  },
  phone: {},
  donation: {
    chooser: { icon: 'coin' },
    settings: { segment: 'donation', Screens: lazy(() => import('./donation/DonationSettingsRoutes')) },
  },
  plip: {},
  // The calculator has no settings (spec 02 §3 "Calculator: No validation"), and spec 02 §1 does not offer it.
  busao0800: {},
} as const satisfies Record<WidgetKind, WebWidgetKind>;

const webKind = (kind: string): WebWidgetKind | undefined =>
  Object.hasOwn(WEB_WIDGET_KINDS, kind) ? WEB_WIDGET_KINDS[kind as WidgetKind] : undefined;

/** What an empty column can become, in the spec's order: rich text, a form, pressure by e-mail or phone, donations. */
export const CHOOSABLE_KINDS: readonly WidgetKind[] = WIDGET_KINDS.filter((kind) => webKind(kind)?.chooser);

export const isEditedInPlace = (kind: string) => webKind(kind)?.editedInPlace === true;

/** Whether the editor's edit button leads anywhere: the page itself or settings screens. */
export const isEditable = (kind: string) => isEditedInPlace(kind) || !!webKind(kind)?.settings;

/** The settings screen of a widget, or undefined for a kind that has none yet. */
export function widgetSettingsPath(kind: string, mobilizationId: number, widgetId: number): string | undefined {
  const segment = webKind(kind)?.settings?.segment;
  return segment && `/mobilizations/${mobilizationId}/widgets/${widgetId}/${segment}`;
}

/** The settings routes of every kind that has them, for the router; kinds may share theirs. */
export const WIDGET_SETTINGS_SCREENS = [
  ...new Set(Object.values<WebWidgetKind>(WEB_WIDGET_KINDS).flatMap((kind) => (kind.settings ? [kind.settings] : []))),
];
