import type { MessageKey } from '../i18n/types';
import type { MailchimpActionKind } from '../schemas/mailchimp';

/**
 * What counts as an action, defined once (issue 31). Every counter, metric, report, the people list and the mailing
 * list read these rules; the server's SQL for them is `apps/server/src/actions/` with the functions of migration
 * 0032, and a test checks that the two agree state by state.
 *
 * An action is what a person does through a widget, so the kinds of action are named after the widget kinds that
 * take them. Each kind says what becomes of an action in each of its stored states:
 *
 * - `counted`: it is an action of the kind (counted, summed, tagged, and it makes the person's last action);
 * - `pending`: it may still become one (a boleto or a card payment waiting for the provider, a call still ringing);
 * - `attempt`: it was tried and did not happen (a refused or failed payment, a busy or unanswered call);
 * - `returned`: it was one and is no longer (a refunded or charged-back payment).
 *
 * Only `counted` actions are counted anywhere. The rest are shown for what they are (a person's profile shows a refused
 * payment as a refused attempt with its amount, the donation report lists every charge with its state).
 */
export const ACTION_KINDS = ['form', 'pressure', 'pressure-phone', 'donation'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export type ActionStanding = 'counted' | 'pending' | 'attempt' | 'returned';

/**
 * A donation is a paid charge: a one-off gift, the first payment of a recurring gift and each later payment of it
 * alike (a monthly donor who has paid three times has given three donations, and the money raised is their sum).
 * A card authorised but not yet captured, a boleto not yet paid, or a charge whose answer was lost is pending; a
 * refused or failed charge is an attempt; a refund (asked for or made) or a chargeback takes the gift back.
 */
export const DONATION_STANDINGS = {
  paid: 'counted',
  processing: 'pending',
  pending: 'pending',
  authorized: 'pending',
  waiting_payment: 'pending',
  refused: 'attempt',
  failed: 'attempt',
  pending_refund: 'returned',
  refunded: 'returned',
  chargedback: 'returned',
} as const satisfies Record<string, ActionStanding>;
export type DonationState = keyof typeof DONATION_STANDINGS;

/**
 * A phone pressure is a call in which the visitor reached the target: the call ended as completed, which is what
 * the visitor sees and what the delivery view counts as completed. Calling is not pressing: a busy, unanswered or
 * failed call is an attempt, and a call still being placed or rung is pending. Each completed call is one pressure
 * (calling two targets and talking to both is two), so a visitor's two calls of which one failed make one pressure.
 */
export const CALL_STANDINGS = {
  completed: 'counted',
  initiated: 'pending',
  ringing: 'pending',
  'in-progress': 'pending',
  busy: 'attempt',
  'no-answer': 'attempt',
  failed: 'attempt',
} as const satisfies Record<string, ActionStanding>;
export type CallState = keyof typeof CALL_STANDINGS;

/** One kind of action: its name, its mailing-list segment, and what each of its states stands for. */
export interface ActionDefinition {
  /** Its name in the interface and in the reports' cells ('Pressão por e-mail'). */
  label: MessageKey;
  /** The suffix of its Mailchimp segment (spec 01 §9: `M{mobilization}{P|F|D}`); both pressures are P. */
  mailchimp: MailchimpActionKind;
  /** The stored states that mean something, with what each stands for; undefined: every stored row counts. */
  standings?: Readonly<Record<string, ActionStanding>>;
}

export const ACTION_DEFINITIONS = {
  /** A form entry: every stored entry is a sign-up. */
  form: { label: 'actions.kinds.form', mailchimp: 'F' },
  /** An e-mail pressure: every stored submission, whatever the number of targets it wrote to, is one. */
  pressure: { label: 'actions.kinds.pressure', mailchimp: 'P' },
  'pressure-phone': { label: 'actions.kinds.pressure-phone', mailchimp: 'P', standings: CALL_STANDINGS },
  donation: { label: 'actions.kinds.donation', mailchimp: 'D', standings: DONATION_STANDINGS },
} as const satisfies Record<ActionKind, ActionDefinition>;

const standingsOf = (kind: ActionKind): ActionDefinition['standings'] =>
  (ACTION_DEFINITIONS[kind] as ActionDefinition).standings;

export function isActionKind(value: unknown): value is ActionKind {
  return typeof value === 'string' && (ACTION_KINDS as readonly string[]).includes(value);
}

/**
 * What a stored action of this kind in this state stands for. A state the kind does not know (a provider state we
 * never saw) is pending: it is not counted until it is known to be a gift or a call that happened.
 */
export function actionStanding(kind: ActionKind, state?: string | null): ActionStanding {
  const standings = standingsOf(kind);
  if (!standings) return 'counted';
  return (state && Object.hasOwn(standings, state) ? standings[state] : undefined) ?? 'pending';
}

/** Whether a stored action of this kind in this state counts as an action. */
export const countsAsAction = (kind: ActionKind, state?: string | null) => actionStanding(kind, state) === 'counted';

/** The states of a kind that count (empty for a kind whose every row counts). */
export function countedStates(kind: ActionKind): string[] {
  const standings = standingsOf(kind);
  return standings ? Object.keys(standings).filter((s) => standings[s] === 'counted') : [];
}
