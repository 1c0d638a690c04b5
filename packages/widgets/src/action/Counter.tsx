import { counterLine, type Locale } from '@mutirao/core/i18n';

export interface CounterProps {
  locale: Locale;
  count: number;
  /** count_text: the counter shows only when it is set (spec 02 §5). */
  text?: string;
}

/** '1.234 pessoas já assinaram', '1 pessoa já assinou': the widget's count with its text, announced politely when it changes. */
export function Counter({ locale, count, text }: CounterProps) {
  if (!text) return null;
  return (
    <p className="mz-count" aria-live="polite">
      {counterLine(locale, count, text)}
    </p>
  );
}
