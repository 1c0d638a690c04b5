/** Widget kinds (spec 02 §3). 'draft' is an empty slot, shown only in the editor. */
export const WIDGET_KINDS = [
  'draft',
  'content',
  'form',
  'pressure',
  'pressure-phone',
  'phone',
  'donation',
  'plip',
  'busao0800',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

export function isWidgetKind(value: unknown): value is WidgetKind {
  return typeof value === 'string' && (WIDGET_KINDS as readonly string[]).includes(value);
}
