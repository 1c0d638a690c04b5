import type { Locale } from '@mutirao/core/i18n';
import { RichTextView } from '../content/RichTextView';
import { HEADING_LEVELS } from '../headings';
import type { RenderMode } from '../types';
import { type FinishModel, finishModel } from './finish';
import { ShareScreen, type ShareScreenProps } from './ShareScreen';

export { type FinishModel, finishModel };

export interface FinishMessageProps {
  finish: FinishModel;
  locale: Locale;
  mode: RenderMode;
  /** For the share screen: the message and what to share. */
  share: Pick<ShareScreenProps, 'message' | 'imageUrl' | 'color'> & { twitterText?: string; url?: string };
}

/**
 * After a visitor acts: the organiser's custom message, as rich content on its background, or the share screen.
 * Shared by the form, pressure and donation widgets.
 */
export function FinishMessage({ finish, locale, mode, share }: FinishMessageProps) {
  if (finish.type === 'custom') {
    return (
      <div className="mz-finish" style={{ backgroundColor: finish.background, color: finish.color }}>
        <RichTextView document={finish.document} mode={mode} locale={locale} headingBase={HEADING_LEVELS.inWidget} />
      </div>
    );
  }
  const { message, imageUrl, color, twitterText, url } = share;
  return (
    <ShareScreen
      locale={locale}
      message={message}
      imageUrl={imageUrl}
      color={color}
      // Without the page's own tweet text (launch's share step), the post says what the WhatsApp message says.
      share={{ url, twitterText: twitterText ?? finish.whatsappText, whatsappText: finish.whatsappText }}
    />
  );
}
