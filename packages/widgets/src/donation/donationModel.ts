import { CSS_COLOR_PATTERN } from '@mutirao/core/widgets/actionRules';
import {
  DONATION,
  type DonationPaymentType,
  type DonationValue,
  defaultSlot,
  donationValues,
  type RecurringPeriod,
} from '@mutirao/core/widgets/donationRules';
import { type FinishModel, finishModel } from '../action/finish';
import { darkenUntil, LIGHT_TEXT } from '../theme';
import type { PageMobilization, PageWidget } from '../types';

/**
 * Everything the donation widget shows, read once from the stored settings on the server and embedded as the
 * island's props: plain, already-checked data, so the browser needs no settings parser. Live figures (paid so far,
 * whether the community can receive money, which checkout) come from `GET /api/widgets/{id}/donation` instead,
 * because the page is cached by version and donations do not change it.
 */
export interface DonationModel {
  widgetId: number;
  mobilizationId: number;
  title?: string;
  buttonText?: string;
  /** main_color (default #54d0f6) darkened until white text on it reaches 4.5:1. */
  color: string;
  countText?: string;
  count: number;
  paymentType: DonationPaymentType;
  period: RecurringPeriod;
  /** The visible amounts in whole reais, with the slot each came from. */
  values: DonationValue[];
  defaultSlot?: number;
  /** payment_methods 'true': boleto besides the card, for one-off donations. */
  boleto: boolean;
  /** The fund-raising goal in cents (the widget's `goal`), when set. */
  goalCents?: number;
  /** goal_date_limit, DD/MM/AAAA, for the countdown. */
  goalDateLimit?: string;
  /** The day the server rendered the page (YYYY-MM-DD, UTC): the countdown's first value, so hydration matches. */
  renderedAt: string;
  /** finish_message_type 'donation-recurrent': the monthly offer after a one-off card donation. */
  offer: boolean;
  finish: FinishModel;
  twitterText?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

const paymentTypeOf = (raw: unknown): DonationPaymentType =>
  (DONATION.paymentTypes as readonly unknown[]).includes(raw)
    ? (raw as DonationPaymentType)
    : DONATION.defaultPaymentType;

const periodOf = (raw: unknown): RecurringPeriod => {
  const period = Number(raw);
  return (DONATION.recurringPeriods as readonly number[]).includes(period)
    ? (period as RecurringPeriod)
    : DONATION.defaultRecurringPeriod;
};

export function donationModel(widget: PageWidget, mobilization: PageMobilization, now = new Date()): DonationModel {
  const settings = (widget.settings && typeof widget.settings === 'object' ? widget.settings : {}) as Record<
    string,
    unknown
  >;
  const mainColor = text(settings.main_color);
  const values = donationValues(settings);
  const goal = typeof widget.goal === 'number' && widget.goal > 0 ? widget.goal : undefined;
  return {
    widgetId: widget.id,
    mobilizationId: mobilization.id,
    title: text(settings.call_to_action) ?? text(settings.title_text),
    buttonText: text(settings.button_text),
    color: darkenUntil(mainColor && CSS_COLOR_PATTERN.test(mainColor) ? mainColor : DONATION.mainColor, LIGHT_TEXT),
    countText: text(settings.count_text),
    count: typeof widget.count === 'number' ? widget.count : 0,
    paymentType: paymentTypeOf(settings.payment_type),
    period: periodOf(settings.recurring_period),
    values,
    defaultSlot: defaultSlot(settings, values),
    boleto: String(settings.payment_methods) === 'true',
    goalCents: goal,
    goalDateLimit: text(settings.goal_date_limit),
    renderedAt: now.toISOString().slice(0, 10),
    offer: settings.finish_message_type === 'donation-recurrent',
    finish: finishModel(settings),
    twitterText: text(mobilization.twitter_share_text),
  };
}
