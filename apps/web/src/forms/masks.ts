import { digitsOf } from '@mutirao/core/widgets/donationRules';

/** 'DD/MM/AAAA' as it is typed: digits only, the slashes put in, at most eight digits. */
export function maskDate(typed: string): string {
  const digits = digitsOf(typed).slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** 'MM/YY' as it is typed: digits only, the slash put in. */
export function maskExpiration(typed: string): string {
  const digits = digitsOf(typed).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A card's cvv as it is typed: up to four digits. */
export const maskCvv = (typed: string) => digitsOf(typed).slice(0, 4);
