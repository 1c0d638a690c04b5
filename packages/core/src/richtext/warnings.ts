/**
 * Problems met while reading stored content, as catalogue keys (the spec's messages). They are reported to the
 * editor (shown before an old-format widget is converted) and never stop a page from rendering.
 */
export const RICH_TEXT_WARNINGS = ['richtext.mediaTypeNotFound', 'richtext.valueInvalid'] as const;
export type RichTextWarning = (typeof RICH_TEXT_WARNINGS)[number];
