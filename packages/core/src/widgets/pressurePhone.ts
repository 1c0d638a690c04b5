import { EMAIL_PATTERN } from './actionRules';
import { checkVisitorPhone, PRESSURE_NAME_MAX, type PressureTarget } from './pressureRules';

/**
 * A visitor's phone pressure (spec 02 §3 "Phone-pressure form": first_name, last_name, email, phone_number) and the
 * target they chose to call: `POST /api/widgets/{id}/call` `{call: {activist, target}}`.
 */
export interface PhoneCallInput {
  activist: { first_name: string; last_name: string; email: string; phone_number: string; city?: string | null };
  /** The chosen target's number, as in the widget's targets. */
  target: string;
}

export type PhoneCallErrors = Partial<
  Record<'first_name' | 'last_name' | 'email' | 'phone_number' | 'city' | 'target', string>
>;

/** A call's states (spec 02 §4, §9): active, the one success, and the failures that offer 'Religar'. */
export type PhoneCallStatus = 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'failed' | 'no-answer';
export const PHONE_CALL_FAILURES: readonly PhoneCallStatus[] = ['busy', 'failed', 'no-answer'];
export const PHONE_CALL_ACTIVE: readonly PhoneCallStatus[] = ['initiated', 'ringing', 'in-progress'];

/**
 * How far along a call is: initiated, ringing, in progress, then any end. A call's shown state only moves forward
 * (issue 31: 'Chamando…' went back to 'Iniciando a ligação…'): Twilio reports each leg of a call on its own, and
 * its callbacks, like a visitor's polls, may arrive in any order.
 */
export function callProgress(status: PhoneCallStatus): number {
  return status === 'initiated' ? 0 : status === 'ringing' ? 1 : status === 'in-progress' ? 2 : 3;
}

/** Of the state shown and one just learnt, the one to show: the later, or the shown one when neither is later. */
export function laterCallState<T extends { status: PhoneCallStatus }>(shown: T | undefined, next: T): T {
  return shown && callProgress(next.status) <= callProgress(shown.status) ? shown : next;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * spec 02 §5 "Pressure form, phone mode", "both modes" and "selectable targets", as plain code so the island runs
 * the very checks the server runs, in the form's order (the error list's). Returns the errors (message keys) and the
 * phone as it will be dialled.
 */
export function validatePhoneCall(
  input: PhoneCallInput,
  options: { targets: readonly PressureTarget[]; showCity: boolean },
): { errors: PhoneCallErrors; phone?: string } {
  const errors: PhoneCallErrors = {};
  const { activist } = input;
  const tooLong = (v: unknown) => text(v).length > PRESSURE_NAME_MAX;
  if (!text(activist.first_name)) errors.first_name = 'kinds.pressure.firstNameRequired';
  else if (tooLong(activist.first_name)) errors.first_name = 'kinds.pressure.tooLong';
  if (!text(activist.last_name)) errors.last_name = 'kinds.pressure.lastNameRequired';
  else if (tooLong(activist.last_name)) errors.last_name = 'kinds.pressure.tooLong';
  const email = text(activist.email).toLowerCase();
  if (!email) errors.email = 'kinds.pressure.emailRequired';
  else if (!EMAIL_PATTERN.test(email) || email.length > 254) errors.email = 'kinds.pressure.emailInvalid';
  const checked = checkVisitorPhone(
    typeof activist.phone_number === 'string' ? activist.phone_number : '',
    options.targets,
  );
  if ('error' in checked) errors.phone_number = checked.error;
  if (options.showCity && !text(activist.city)) errors.city = 'kinds.pressure.cityRequired';
  else if (tooLong(activist.city)) errors.city = 'kinds.pressure.tooLong';
  if (!options.targets.some((t) => t.channel === 'phone' && t.address === input.target))
    errors.target = 'kinds.pressure.selectTarget';
  return { errors, phone: 'phone' in checked ? checked.phone : undefined };
}

/** The delivery view of a phone pressure, per target: its calls by how they ended, and the seconds talked in all. */
export interface PhoneTargetCalls {
  target: string;
  name: string;
  address: string;
  completed: number;
  busy: number;
  no_answer: number;
  failed: number;
  /** Still initiated, ringing or in progress. */
  active: number;
  /** Seconds, summed over the answered calls. */
  duration: number;
}
