/**
 * A stored phone number as people read it. Numbers are stored as given by the action (E.164 for the pressure forms,
 * `+5581988887777`; area code and number for a donor, `81988887777`) and exported as stored; screens show them
 * grouped: '+55 81 98888-7777', '81 98888-7777', '+55 81 3333-4444'. A number of another country keeps its
 * country code apart and the rest as given; anything that is not a phone number is shown as it is.
 */
export function displayPhone(stored: string | null | undefined): string {
  const text = stored?.trim() ?? '';
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+');
  if (international && digits.startsWith('55') && (digits.length === 12 || digits.length === 13))
    return `+55 ${brazilian(digits.slice(2))}`;
  if (!international && (digits.length === 10 || digits.length === 11) && /^[\d\s().-]+$/.test(text))
    return brazilian(digits);
  return text;
}

/** Area code, then the number with its dash: 4 + 4 digits for a landline, 5 + 4 for a mobile. */
function brazilian(national: string): string {
  const area = national.slice(0, 2);
  const number = national.slice(2);
  const cut = number.length - 4;
  return `${area} ${number.slice(0, cut)}-${number.slice(cut)}`;
}
