import { describe, expect, it } from 'vitest';
import type { DonationAnswer } from './api';
import { chargedCents, endingOf } from './useDonationFlow';

const answer = (status: DonationAnswer['status'], payment_method: DonationAnswer['payment_method'] = 'credit_card') =>
  ({ id: 1, status, payment_method, amount: 5000, key: 'k' }) as DonationAnswer;
const oneOff = { recurring: false, offer: true };

describe('where a donation’s answer leads', () => {
  it('retries after a refused card, a provider failure or no answer, saying which', () => {
    expect(endingOf(answer('refused'), oneOff)).toEqual({ screen: 'retry', failure: 'refused' });
    expect(endingOf(answer('failed'), oneOff)).toEqual({ screen: 'retry', failure: 'failed' });
    expect(endingOf(undefined, oneOff)).toEqual({ screen: 'retry', failure: 'failed' });
  });

  it('waits honestly on a provider that did not answer in time, even with the offer on', () => {
    expect(endingOf(answer('pending'), oneOff)).toEqual({ screen: 'pending' });
  });

  it('offers the monthly donation only after a paid one-off card donation on a widget that makes the offer', () => {
    expect(endingOf(answer('paid'), oneOff)).toEqual({ screen: 'offer' });
    expect(endingOf(answer('paid'), { recurring: false, offer: false })).toEqual({ screen: 'done', thanks: 'card' });
    expect(endingOf(answer('paid'), { recurring: true, offer: true })).toEqual({ screen: 'done', thanks: 'ok' });
    // Authorized is not yet paid: thanked for the card, not asked for more.
    expect(endingOf(answer('authorized'), oneOff)).toEqual({ screen: 'done', thanks: 'card' });
  });

  it('thanks a boleto for the boleto, which goes by e-mail, whatever the offer', () => {
    expect(endingOf(answer('waiting_payment', 'boleto'), oneOff)).toEqual({ screen: 'done', thanks: 'boleto' });
  });
});

describe('what the donor is charged', () => {
  it('adds R$ 3,00 to a boleto only', () => {
    expect(chargedCents('boleto', 2000)).toBe(2300);
    expect(chargedCents('credit_card', 2000)).toBe(2000);
  });
});
