/** Wire shapes of blocks and widgets (spec 01 §3, §7), shared with the API through core. */
export type { BlockData, WidgetData, WidgetKind } from '@mutirao/core';
