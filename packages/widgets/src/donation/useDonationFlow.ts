import { type Locale, translate } from '@mutirao/core/i18n';
import { normalizeCustomer } from '@mutirao/core/widgets/donationCheckout';
import { amountInCents, DONATION, type DonationPaymentMethod } from '@mutirao/core/widgets/donationRules';
import { useEffect, useRef, useState } from 'react';
import { useLiveCount } from '../action/liveCount';
import { useRetryingSend } from '../action/retry';
import { type Revealable, reveal } from '../browser';
import type { RenderMode } from '../types';
import { type DonationAnswer, type DonationInfo, fetchDonationInfo, postDonation, postRecurring } from './api';
import { keepDonation, keptDonation, randomAttempt } from './browser';
import { type CustomerValues, emptyCustomer, fromCustomer, toCustomer } from './customer';
import type { DonationModel } from './donationModel';

/** The widget's screens (spec 02 §4 "Donation widget"): choose, checkout in two steps, then one of the endings. */
export type Screen = 'choose' | 'customer' | 'payment' | 'retry' | 'pending' | 'offer' | 'done';
/**
 * Which thank-you the share screen says: after a card donation (its receipt is on its way), after issuing a boleto
 * (the spec's message: the boleto went by e-mail), after taking the monthly offer or a recurring donation, after 'not
 * now'.
 */
export type Thanks = 'card' | 'boleto' | 'ok' | 'notNow';

export interface ServerErrors {
  fields: Record<string, string>;
  messages: string[];
}

/** How the card became a token: the sandbox form's, or Pagar.me's window's (undefined when it was closed). */
export type CardTokenizer = (attempt: string) => Promise<string | undefined>;

/** Where an answered donation leads: the retry screen and why, the pending notice, the monthly offer, or the end. */
export type Ending =
  | { screen: 'retry'; failure: 'refused' | 'failed' }
  | { screen: 'pending' }
  | { screen: 'offer' }
  | { screen: 'done'; thanks: Thanks };

/**
 * The ending a donation's answer earned: no answer or a failed one is a retry (a refused card said as such), a
 * provider that did not answer in time is pending, a paid one-off card donation gets the monthly offer when the
 * widget makes it, and the rest thank the donor for the boleto, the subscription or the card.
 */
export function endingOf(
  answer: DonationAnswer | undefined,
  { recurring, offer }: { recurring: boolean; offer: boolean },
): Ending {
  if (!answer || answer.status === 'refused' || answer.status === 'failed')
    return { screen: 'retry', failure: answer?.status === 'refused' ? 'refused' : 'failed' };
  if (answer.status === 'pending') return { screen: 'pending' };
  if (offer && answer.payment_method === 'credit_card' && !recurring && answer.status === 'paid')
    return { screen: 'offer' };
  return { screen: 'done', thanks: answer.payment_method === 'boleto' ? 'boleto' : recurring ? 'ok' : 'card' };
}

/** What the donor is charged: a boleto costs R$ 3,00 more, shown before paying; the server checks the sum. */
export const chargedCents = (method: DonationPaymentMethod, amount: number) =>
  method === 'boleto' ? amount + DONATION.boletoFeeCents : amount;

/**
 * The donation's state: the choice, the donor's data (kept in memory and in the session after a failure, never the
 * card), the live figures and checkout driver, and each screen's move. Only a completed request changes the ending.
 */
export function useDonationFlow(model: DonationModel, locale: Locale, mode: RenderMode) {
  const [screen, setScreen] = useState<Screen>('choose');
  const [recurring, setRecurring] = useState(model.paymentType === 'recurring');
  const [slot, setSlot] = useState(model.defaultSlot);
  const [customer, setCustomer] = useState<CustomerValues>(emptyCustomer);
  const [info, setInfo] = useState<DonationInfo>();
  const [donation, setDonation] = useState<DonationAnswer>();
  const [thanks, setThanks] = useState<Thanks>('card');
  /** Why the last try failed, when this visit saw it: the card was refused, or the provider failed. */
  const [failure, setFailure] = useState<'refused' | 'failed'>();
  const [count, setCount] = useState(model.count);
  useLiveCount({ mode, widgetId: model.widgetId, countText: model.countText }, setCount);
  const [server, setServer] = useState<ServerErrors>();
  const [sending, setSending] = useState(false);
  const retrying = useRetryingSend();
  const heading = useRef<HTMLElement & Revealable>(null);
  const moved = useRef(false);
  /** Set by the step on screen: focuses its error summary after a refused request. */
  const focusSummary = useRef<() => void>(undefined);
  const failedText = translate(locale, 'formView.requestFailed');

  useEffect(() => {
    if (mode !== 'public') return;
    let live = true;
    void fetchDonationInfo(model.widgetId).then((answer) => live && answer && setInfo(answer));
    const kept = keptDonation(model.widgetId);
    if (kept) {
      setCustomer(fromCustomer(kept.customer));
      setRecurring(model.paymentType === 'users_choice' ? kept.recurring : model.paymentType === 'recurring');
      if (model.values.some((v) => v.slot === kept.slot)) setSlot(kept.slot);
      if (kept.failed) setScreen('retry');
    }
    return () => {
      live = false;
    };
  }, [mode, model.widgetId, model.paymentType, model.values]);

  // Each new screen takes the focus to its heading, so keyboard and screen-reader users start reading there, and
  // scrolls it below the navbar when it is out of view (the thank-you and the retry message after a donation).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of screen, which it does not read.
  useEffect(() => {
    if (moved.current) reveal(() => heading.current);
  }, [screen]);

  const go = (next: Screen) => {
    moved.current = true;
    setServer(undefined);
    setScreen(next);
    // Which checkout to show must be known at payment: ask again if the first answer never came.
    if (next === 'payment' && !info) void fetchDonationInfo(model.widgetId).then((answer) => answer && setInfo(answer));
  };
  const value = model.values.find((v) => v.slot === slot);
  const amount = value ? amountInCents(value.value) : 0;
  const boletoAllowed = !recurring && model.boleto;
  const keep = (failed: boolean) =>
    keepDonation(model.widgetId, { customer: toCustomer(customer), slot, recurring, failed });

  /** One try: a fresh attempt id, the card's token when paying by card, the request, then the ending it earned. */
  const donate = async (method: DonationPaymentMethod, website: string, tokenize?: CardTokenizer) => {
    if (mode !== 'public' || sending || !value) return;
    setSending(true);
    setServer(undefined);
    try {
      const attempt = randomAttempt();
      let cardHash: string | undefined;
      if (method === 'credit_card') {
        cardHash = await tokenize?.(attempt);
        if (!cardHash) return;
      }
      const body = {
        mobilizationId: model.mobilizationId,
        website,
        donation: {
          widget_id: model.widgetId,
          payment_method: method,
          amount: chargedCents(method, amount),
          ...(cardHash && { card_hash: cardHash }),
          customer: normalizeCustomer(toCustomer(customer)),
          subscription: recurring,
          ...(recurring && { period: model.period }),
          attempt,
        },
      };
      // The same attempt, card token and body on every retry: the server charges the attempt once.
      const result = await retrying.run(() => postDonation(body, { locale, failed: failedText }));
      if (!result) return;
      if (!result.ok) {
        setServer({ fields: result.fields, messages: result.messages });
        if (Object.values(result.fields).some(Boolean)) {
          // Back to the donor's data, where the step focuses its summary of the server's messages.
          moved.current = false;
          setScreen('customer');
        } else focusSummary.current?.();
        return;
      }
      const answer = result.answer?.donation as DonationAnswer | undefined;
      if (result.count !== undefined) setCount(result.count);
      const ending = endingOf(answer, { recurring, offer: model.offer });
      if (ending.screen === 'retry') {
        setFailure(ending.failure);
        keep(true);
      } else {
        keepDonation(model.widgetId, undefined);
        setDonation(answer);
      }
      if (ending.screen === 'done') setThanks(ending.thanks);
      go(ending.screen);
    } catch {
      setServer({ fields: {}, messages: [translate(locale, 'kinds.donation.pagarmeFailed')] });
      focusSummary.current?.();
    } finally {
      setSending(false);
    }
  };

  /** The post-donation offer: a monthly subscription on the same card, or not now; both end on the share screen. */
  const answerOffer = async (monthlyCents: number | undefined) => {
    if (monthlyCents === undefined || !donation) {
      setThanks('notNow');
      go('done');
      return;
    }
    if (sending) return;
    setSending(true);
    const result = await postRecurring(
      { donationId: donation.id, key: donation.key, amount: monthlyCents },
      { locale, failed: failedText },
    );
    setSending(false);
    if (!result.ok) {
      setServer({ fields: {}, messages: [...Object.values(result.fields), ...result.messages] });
      return;
    }
    setThanks('ok');
    go('done');
  };

  return {
    screen,
    go,
    recurring,
    setRecurring,
    slot,
    setSlot,
    value,
    amount,
    boletoAllowed,
    customer,
    setCustomer,
    keepCustomer: () => keep(false),
    info,
    donation,
    thanks,
    failure,
    count,
    server,
    setServer,
    sending,
    retry: retrying.state,
    retryNow: retrying.retryNow,
    heading,
    focusSummary,
    donate,
    answerOffer,
  };
}

export type DonationFlow = ReturnType<typeof useDonationFlow>;
