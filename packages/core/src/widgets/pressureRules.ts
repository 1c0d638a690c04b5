import { msg } from '../messages';
import { normalizePhone } from '../phone';
import { EMAIL_PATTERN } from './actionRules';

/**
 * The pressure widgets (spec 02 §3 "Pressure settings", §5): a visitor writes to (`pressure`) or calls
 * (`pressure-phone`) the people who decide. Targets are 'Name <email>' or 'Name <+phone>'; the kind follows them.
 */

/** spec 02 §9: pressure main_color. */
export const PRESSURE_MAIN_COLOR_DEFAULT = '#f23392';
export const PRESSURE_TARGETS_MAX = 100;
export const PRESSURE_SUBJECT_MAX = 200;
export const PRESSURE_BODY_MAX = 10_000;
export const PRESSURE_NAME_MAX = 100;
/** The visitor's copies (`mail.cc`): a few addresses, never a mailing list. */
export const PRESSURE_CC_MAX = 5;

export type TargetChannel = 'email' | 'phone';
export interface PressureTarget {
  name: string;
  /** The e-mail address, or the phone number with its leading '+'. */
  address: string;
  channel: TargetChannel;
}

const TARGET_LINE = /^\s*([^<>\r\n]+?)\s*<\s*([^<>\r\n]+?)\s*>\s*$/;
/** '+' and 10 to 15 digits: country code, area code, number. */
const PHONE_TARGET = /^\+\d{10,15}$/;
/** What people put between the digits of a number they type: spaces, dashes, dots, brackets. */
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * One 'Name <email-or-phone>' line, or undefined when it does not follow the pattern. A number may be typed as it is
 * written ('+55 (81) 99999-0000') and is kept as '+' and digits.
 */
export function parseTarget(line: string): PressureTarget | undefined {
  const match = TARGET_LINE.exec(line);
  if (!match?.[1] || !match[2]) return undefined;
  const name = match[1].trim();
  const address = match[2];
  if (name.length > PRESSURE_NAME_MAX) return undefined;
  if (EMAIL_PATTERN.test(address)) return { name, address: address.toLowerCase(), channel: 'email' };
  const phone = address.replace(PHONE_SEPARATORS, '');
  if (PHONE_TARGET.test(phone)) return { name, address: phone, channel: 'phone' };
  return undefined;
}

export const formatTarget = (t: PressureTarget) => `${t.name} <${t.address}>`;

/**
 * The stored targets, in any shape they were saved in (a list of strings, one string separated by semicolons or
 * line breaks, or an object of strings), as targets; lines that do not parse are left out, so a visitor never sees a
 * broken widget.
 */
export function parseTargets(raw: unknown): PressureTarget[] {
  const lines =
    typeof raw === 'string'
      ? raw.split(/[;\r\n]+/)
      : Array.isArray(raw)
        ? raw
        : raw && typeof raw === 'object'
          ? Object.values(raw)
          : [];
  const seen = new Set<string>();
  const targets: PressureTarget[] = [];
  for (const line of lines) {
    const target = typeof line === 'string' ? parseTarget(line) : undefined;
    if (target && !seen.has(target.address)) {
      seen.add(target.address);
      targets.push(target);
    }
  }
  return targets;
}

/** The channel of each pressure kind: an e-mail pressure writes to its targets, a phone pressure calls them. */
export const PRESSURE_CHANNELS = { pressure: 'email', 'pressure-phone': 'phone' } as const satisfies Record<
  string,
  TargetChannel
>;

/**
 * Why a new target line cannot join the list of a pressure by `channel`, as a message key, or undefined when it can
 * (spec 02 §5): the pattern, no duplicates, e-mail and phone targets never mixed, and the kind's own channel.
 */
export function targetLineProblem(
  line: string,
  current: readonly PressureTarget[],
  channel: TargetChannel,
): string | undefined {
  const target = parseTarget(line);
  if (!target) return 'kinds.pressure.targetInvalid';
  if (current.some((t) => t.address === target.address)) return 'kinds.pressure.targetDuplicate';
  const other = current.find((t) => t.channel !== target.channel);
  if (other) return other.channel === 'email' ? 'kinds.pressure.mixedEmail' : 'kinds.pressure.mixedPhone';
  if (target.channel !== channel)
    return channel === 'email' ? 'kinds.pressure.targetNotEmail' : 'kinds.pressure.targetNotPhone';
  if (current.length >= PRESSURE_TARGETS_MAX)
    return msg('kinds.pressure.targetsTooMany', { max: PRESSURE_TARGETS_MAX });
  return undefined;
}

/** What a visitor's e-mail pressure sends: `POST /widgets/{id}/fill` `{fill: {activist, mail}}` (spec 02 §3). */
export interface PressureFill {
  activist: { firstname: string; lastname: string; email: string; city?: string | null };
  mail: { cc?: string[]; subject: string; body: string };
}

export interface PressureFillOptions {
  targets: readonly PressureTarget[];
  showCity: boolean;
}

/** Field → message key. Plain code (no zod), so the public island runs the very checks the server runs. */
export type PressureFillErrors = Partial<
  Record<'firstname' | 'lastname' | 'email' | 'city' | 'subject' | 'body', string>
>;

/**
 * spec 02 §5 "Pressure form, e-mail mode" and "both modes". A blank field's message names it ('Informe seu nome'):
 * the errors are listed together above the button, where four of the same words would say nothing. Checked in the
 * form's order, which is the list's.
 */
export function validatePressureFill(fill: PressureFill, options: PressureFillOptions): PressureFillErrors {
  const errors: PressureFillErrors = {};
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (blank(fill.activist.firstname)) errors.firstname = 'kinds.pressure.firstNameRequired';
  if (blank(fill.activist.lastname)) errors.lastname = 'kinds.pressure.lastNameRequired';
  const email = typeof fill.activist.email === 'string' ? fill.activist.email.trim().toLowerCase() : '';
  if (!email) errors.email = 'kinds.pressure.emailRequired';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'kinds.pressure.emailInvalid';
  else if (options.targets.some((t) => t.address === email)) errors.email = 'kinds.pressure.emailIsTarget';
  if (options.showCity && blank(fill.activist.city)) errors.city = 'kinds.pressure.cityRequired';
  if (blank(fill.mail.subject)) errors.subject = 'kinds.pressure.subjectRequired';
  if (blank(fill.mail.body)) errors.body = 'kinds.pressure.bodyRequired';
  return errors;
}

/**
 * A visitor's phone number (spec 02 §5 "Pressure form, phone mode"), read as people type it and returned in E.164
 * (`normalizePhone`): a number without its area code asks for the country and area codes, anything else that is not
 * a number is invalid, and a target's own number is refused. Returns the number or the message key.
 */
export function checkVisitorPhone(
  raw: string,
  targets: readonly PressureTarget[],
): { phone: string } | { error: string } {
  const checked = normalizePhone(raw);
  if ('problem' in checked)
    return {
      error:
        checked.problem === 'blank'
          ? 'kinds.pressure.phoneRequired'
          : checked.problem === 'areaCode'
            ? 'kinds.pressure.phoneCountryCode'
            : 'kinds.pressure.phoneInvalid',
    };
  if (targets.some((t) => t.address === checked.phone)) return { error: 'kinds.pressure.phoneIsTarget' };
  return checked;
}
