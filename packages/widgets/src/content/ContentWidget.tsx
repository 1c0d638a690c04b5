import { contentOfSettings } from '@mutirao/core';
import { useMemo } from 'react';
import { HEADING_LEVELS } from '../headings';
import type { WidgetViewProps } from '../types';
import { RichTextView } from './RichTextView';

/** The content widget: its rich text, read from `settings.content` in whichever stored format it is. */
export function ContentWidget({ widget, mode, locale, aboveTheFold }: WidgetViewProps) {
  const document = useMemo(() => contentOfSettings(widget.settings).document, [widget.settings]);
  return (
    <RichTextView
      document={document}
      mode={mode}
      locale={locale}
      headingBase={HEADING_LEVELS.content}
      eagerImages={aboveTheFold}
    />
  );
}
