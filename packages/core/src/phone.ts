/**
 * Phone numbers as people type them, to E.164 (`+5581988887777`), the one form stored, compared and dialled. No
 * imports: the public islands run this in the browser, the very rule the server runs.
 *
 * Brazilian numbers are read in every usual shape: '(81) 98888-7777', '81 98888-7777', '081 98888 7777' (the trunk
 * 0), '0 21 81 98888-7777' (trunk 0 and a carrier code), '+55 81 98888-7777', '5581988887777', '0055…'. A number
 * with '+' (or 00) and another country code is kept as it is, when it has E.164's 8 to 15 digits.
 */

/** Why a number was refused: empty, missing its area code (DDD), or not a phone number at all. */
export type PhoneProblem = 'blank' | 'areaCode' | 'invalid';

/** Spaces, dots, dashes, slashes and parentheses people put between the digits. */
const SEPARATORS = /[\s().\-/]/g;

/**
 * A Brazilian number without the country code: a two-digit DDD (11 to 99, never ending in 0), then a mobile (nine
 * digits from 9) or a landline (eight digits from 2 to 5). Eight or nine digits alone lack the DDD.
 */
const brazilian = (national: string): { phone: string } | { problem: PhoneProblem } =>
  national.length === 8 || national.length === 9
    ? { problem: 'areaCode' }
    : /^[1-9][1-9](9\d{8}|[2-5]\d{7})$/.test(national)
      ? { phone: `+55${national}` }
      : { problem: 'invalid' };

/** The number in E.164, or why it cannot be one. */
export function normalizePhone(raw: string): { phone: string } | { problem: PhoneProblem } {
  const compact = raw.replace(SEPARATORS, '');
  if (!compact) return { problem: 'blank' };
  const international = /^(\+|00)/.exec(compact);
  let digits = international ? compact.slice(international[0].length) : compact;
  if (!/^\d+$/.test(digits)) return { problem: 'invalid' };
  if (!international) {
    // The trunk 0 before the DDD, and the carrier code some people dial after it.
    if (digits[0] === '0') {
      digits = digits.slice(1);
      if (digits.length > 11) digits = digits.slice(2);
    }
    // Up to 11 digits: DDD and number. Longer and not from Brazil: a foreign number typed without its '+' (spec 02
    // §5: the '+' is added).
    if (digits.length < 12) return digits.length < 8 ? { problem: 'invalid' } : brazilian(digits);
  }
  if (digits.startsWith('55')) return brazilian(digits.slice(2));
  return /^[1-9]\d{7,14}$/.test(digits) ? { phone: `+${digits}` } : { problem: 'invalid' };
}

/**
 * A stored phone number as people read it. Numbers are stored as given by the action (E.164 for the pressure forms,
 * `+5581988887777`; area code and number for a donor, `81988887777`) and exported as stored; screens show them
 * grouped: '+55 81 98888-7777', '81 98888-7777', '+55 81 3333-4444'. A number of another country, and anything
 * that is not a phone number, is shown as it was given.
 */
export function displayPhone(stored: string | null | undefined): string {
  const text = stored?.trim() ?? '';
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+');
  if (international && digits.startsWith('55') && (digits.length === 12 || digits.length === 13))
    return `+55 ${grouped(digits.slice(2))}`;
  if (!international && (digits.length === 10 || digits.length === 11) && /^[\d\s().-]+$/.test(text))
    return grouped(digits);
  return text;
}

/** Area code, then the number with its dash: 4 + 4 digits for a landline, 5 + 4 for a mobile. */
function grouped(national: string): string {
  const area = national.slice(0, 2);
  const number = national.slice(2);
  const cut = number.length - 4;
  return `${area} ${number.slice(0, cut)}-${number.slice(cut)}`;
}
