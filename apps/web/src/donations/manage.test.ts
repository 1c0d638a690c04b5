import { cardBrandName, parseSandboxCardToken } from '@mutirao/core/widgets/donationCheckout';
import { describe, expect, it } from 'vitest';
import { maskCvv, maskDate, maskExpiration } from '../forms/masks';
import { pagarmeOpenOptions, sandboxToken } from './cardToken';
import { brazilianDate, isClosed, statusKey } from './manageFormat';

describe("the donor's manage page", () => {
  it('shows a date-only next charge as the same calendar day, whatever the time zone', () => {
    expect(brazilianDate('2026-12-01')).toBe('01/12/2026');
    expect(brazilianDate('2026-12-01T02:00:00.000Z')).toBe('01/12/2026');
    expect(brazilianDate(null)).toBeUndefined();
    expect(brazilianDate('amanhã')).toBeUndefined();
  });

  it('names every subscription state, and closes the changes once cancelled or ended', () => {
    expect(statusKey('active')).toBe('kinds.donation.statusActive');
    expect(statusKey('unpaid')).toBe('kinds.donation.statusUnpaid');
    expect(statusKey('canceled')).toBe('kinds.donation.statusCanceled');
    expect(statusKey('toString')).toBe('kinds.donation.statusActive');
    expect(isClosed('canceled')).toBe(true);
    expect(isClosed('ended')).toBe(true);
    expect(isClosed('unpaid')).toBe(false);
    expect(cardBrandName('visa')).toBe('Visa');
  });

  it('types the card as spec 01 §5 shows it: expiry MM/YY, cvv up to four digits, dates with slashes', () => {
    expect(maskExpiration('1')).toBe('1');
    expect(maskExpiration('12')).toBe('12');
    expect(maskExpiration('1299')).toBe('12/99');
    expect(maskExpiration('12/995')).toBe('12/99');
    expect(maskCvv('12a345')).toBe('1234');
    expect(maskDate('3112')).toBe('31/12');
    expect(maskDate('31/12/20301')).toBe('31/12/2030');
  });

  it('sends the sandbox a token with the outcome and last digits, never the card', () => {
    const card = { number: '4000 0000 0000 0002', name: 'Ana Lima', expiration: '12/30', cvv: '123' };
    const token = sandboxToken(card);
    expect(parseSandboxCardToken(token)).toEqual({ outcome: 'refuse', brand: 'visa', last_digits: '0002' });
    expect(token).not.toContain('4000000000000002');
    expect(token).not.toContain('Ana');
    expect(sandboxToken(card)).not.toBe(token);
  });

  it("opens Pagar.me's window for a card token only, no customer data and no charge", () => {
    expect(pagarmeOpenOptions(3000)).toEqual({
      amount: 3000,
      createToken: 'false',
      paymentMethods: 'credit_card',
      customerData: 'false',
      maxInstallments: 1,
    });
  });
});
