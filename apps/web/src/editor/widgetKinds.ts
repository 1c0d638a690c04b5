import type { WidgetKind } from '../blocks/types';

/**
 * What an empty column can become (spec 02 §1): rich text, a sign-up form, pressure by e-mail or phone, donations.
 * Only the content widget is edited on the page itself; the others open their settings screens.
 */
export const CHOOSABLE_KINDS: readonly WidgetKind[] = ['content', 'form', 'pressure', 'pressure-phone', 'donation'];

/**
 * The settings screen of each kind (spec 01 §2: /mobilizations/{id}/widgets/{widget_id}/{kind}), for the kinds whose
 * screens exist. A kind missing here has none yet: choosing it only sets the kind.
 */
export const WIDGET_SETTINGS_ROUTES: Partial<Record<WidgetKind, (mobilizationId: number, widgetId: number) => string>> =
  {
    form: (mobilizationId, widgetId) => `/mobilizations/${mobilizationId}/widgets/${widgetId}/form`,
  };

export const isEditedInPlace = (kind: string) => kind === 'content';
