import { calendarDay, DONATION } from '@mutirao/core';

/*
 * Charge dates are calendar days ('YYYY-MM-DD', the `date` columns), counted in UTC so every process agrees.
 */

/** Today's date, 'YYYY-MM-DD' (UTC). */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** A new boleto's due date: DONATION.boletoDueDays after today in Brazil's banks' calendar. */
export const boletoDueDate = (now = new Date()) => addDays(calendarDay(now), DONATION.boletoDueDays);

/** `iso` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return todayIso(date);
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD' (the input is already checked by core's `validateChargeDate`). */
export function isoFromBrazilian(raw: string): string {
  const [day, month, year] = raw.trim().split('/');
  return `${year}-${month}-${day}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as e-mails show it. */
export function brazilianFromIso(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}
