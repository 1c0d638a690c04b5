import { formatMoney } from '@mutirao/core/format';
import { type Locale, translate } from '@mutirao/core/i18n';
import { amountInCents } from '@mutirao/core/widgets/donationRules';
import { useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '../action/ActionParts';
import { FinishMessage } from '../action/FinishMessage';
import type { Focusable } from '../browser';
import type { RenderMode } from '../types';
import type { DonationAnswer } from './api';
import { copyText } from './browser';
import type { DonationModel } from './donationModel';
import { focusLater, StepHeading } from './StepParts';
import type { DonationFlow } from './useDonationFlow';

interface EndingProps {
  model: DonationModel;
  flow: DonationFlow;
  locale: Locale;
}

const tr = (locale: Locale) => (key: string, params?: Record<string, string | number>) =>
  translate(locale, `kinds.donation.${key}`, params);

/**
 * After a refused card or a provider error: the spec's retry screen, with what went wrong when this visit saw it (a
 * card to check or change, or a provider to try again later); the donor's data is kept for the next try.
 */
export function RetryScreen({ flow, locale }: EndingProps) {
  const t = tr(locale);
  return (
    <div className="mz-donation__step mz-donation__ending">
      <StepHeading headingRef={flow.heading}>{t('retryMessage')}</StepHeading>
      {flow.failure && <p>{t(flow.failure === 'refused' ? 'cardNotAccepted' : 'providerFailed')}</p>}
      <p>{t('retryKept')}</p>
      <button type="button" className="mz-form__submit" onClick={() => flow.go('payment')}>
        {t('retryButton')}
      </button>
    </div>
  );
}

/** The provider did not answer in time: nothing is lost, a job confirms it and the donor gets an e-mail. */
export function PendingScreen({ flow, locale }: EndingProps) {
  const t = tr(locale);
  return (
    <div className="mz-donation__step mz-donation__ending" role="status">
      <StepHeading headingRef={flow.heading}>{t('pendingTitle')}</StepHeading>
      <p>{t('pendingText')}</p>
    </div>
  );
}

/**
 * The post-donation offer (spec 02 §2): make the one-off card donation monthly, from 31 days later, at one of the
 * widget's amounts (the one just given preselected), or not now. Either way the share screen follows.
 */
export function OfferScreen({ model, flow, locale }: EndingProps) {
  const t = tr(locale);
  const [slot, setSlot] = useState(flow.slot);
  const summary = useRef<HTMLDivElement & Focusable>(null);
  const id = `mz-donation-${model.widgetId}-offer`;
  const messages = flow.server?.messages ?? [];
  useEffect(() => {
    if (messages.length) focusLater(summary);
  }, [messages.length]);
  const chosen = model.values.find((v) => v.slot === slot);
  return (
    <div className="mz-donation__step mz-donation__offer">
      <StepHeading headingRef={flow.heading}>{t('offerTitle')}</StepHeading>
      <p className="mz-donation__offer-question">{t('offerQuestion')}</p>
      <p className="mz-donation__offer-call">{t('offerCall')}</p>
      <p>{t('offerExplain')}</p>
      <div className="mz-form__field">
        <label className="mz-form__label" htmlFor={id}>
          {t('offerAmount')}
        </label>
        <select
          id={id}
          className="mz-form__input"
          value={String(slot ?? '')}
          onChange={(e) => setSlot(Number((e.currentTarget as unknown as { value: string }).value))}
        >
          {model.values.map((v) => (
            <option key={v.slot} value={String(v.slot)}>
              {t('offerOption', { value: v.value })}
            </option>
          ))}
        </select>
      </div>
      <ErrorSummary
        locale={locale}
        summaryRef={summary}
        items={messages.map((message) => ({ key: message, message }))}
      />
      <div className="mz-donation__actions mz-donation__actions--offer">
        <button
          type="button"
          className="mz-form__submit"
          disabled={flow.sending}
          onClick={() => chosen && void flow.answerOffer(amountInCents(chosen.value))}
        >
          {flow.sending ? translate(locale, 'actionWidget.sending') : t('offerAccept')}
        </button>
        <button
          type="button"
          className="mz-donation__back"
          disabled={flow.sending}
          onClick={() => void flow.answerOffer(undefined)}
        >
          {t('offerDecline')}
        </button>
      </div>
    </div>
  );
}

/** 'YYYY-MM-DD' as the donor reads it, without a time zone moving the day. */
const dayOf = (iso: string) => iso.split('-').reverse().join('/');

/** The boleto's amount and due date, its line (copyable) and its link: shown after the donation and e-mailed too. */
function BoletoPanel({ donation, locale, id }: { donation: DonationAnswer; locale: Locale; id: string }) {
  const { boleto_url: url, boleto_barcode: barcode, boleto_due_date: due } = donation;
  const t = tr(locale);
  const [copied, setCopied] = useState(false);
  // Only a web address becomes a link (the sandbox's boletos have none; a provider's odd scheme is not followed).
  const href = url && /^https?:\/\//.test(url) ? url : undefined;
  if (!href && !barcode) return null;
  return (
    <div className="mz-donation__boleto">
      {due && /^\d{4}-\d{2}-\d{2}$/.test(due) && (
        <p className="mz-donation__boleto-summary">
          {t('boletoSummary', { amount: formatMoney(donation.amount), date: dayOf(due) })}
        </p>
      )}
      {barcode && (
        <div className="mz-form__field">
          <label className="mz-form__label" htmlFor={`${id}-boleto`}>
            {t('boletoLine')}
          </label>
          {/* A text area wraps the whole line on a phone; an input would hide its end. */}
          <textarea id={`${id}-boleto`} className="mz-form__input" readOnly rows={2} value={barcode} />
          <button
            type="button"
            className="mz-donation__back"
            onClick={() =>
              void copyText(barcode).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t('boletoCopy')}
          </button>
          <span aria-live="polite">{copied ? t('boletoCopied') : ''}</span>
        </div>
      )}
      {href && (
        <a className="mz-donation__boleto-link" href={href} target="_blank" rel="noopener noreferrer">
          {t('boletoOpen')}
        </a>
      )}
    </div>
  );
}

const THANKS_KEYS = {
  card: 'cardThanks',
  boleto: 'boletoMessage',
  ok: 'donationOk',
  notNow: 'donationNotNow',
} as const satisfies Record<DonationFlow['thanks'], string>;

/** The ending: the boleto when there is one, then the custom finish message or the share screen with its thanks. */
export function DoneScreen({ model, flow, locale, mode }: EndingProps & { mode: RenderMode }) {
  const t = tr(locale);
  const donation = flow.donation;
  const message = t(THANKS_KEYS[flow.thanks]);
  return (
    <>
      {donation?.payment_method === 'boleto' && (
        <BoletoPanel donation={donation} locale={locale} id={`mz-donation-${model.widgetId}`} />
      )}
      <FinishMessage
        finish={model.finish}
        locale={locale}
        mode={mode}
        share={{ color: model.color, twitterText: model.twitterText, message }}
      />
    </>
  );
}
