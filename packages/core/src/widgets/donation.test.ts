import { describe, expect, it } from 'vitest';
import {
  groupCardNumber,
  luhnValid,
  parseSandboxCardToken,
  sandboxCardToken,
  validateCard,
  validateChargeDate,
  validateCustomer,
} from './donationCheckout';
import {
  countdownKey,
  daysLeft,
  donationValues,
  goalProgress,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
} from './donationRules';

describe('CPF and CNPJ checksums', () => {
  it('accepts valid documents, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidDocument('11222333000181')).toBe(true);
  });
  it('refuses a wrong check digit, all-same digits and wrong lengths', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidDocument('1234567890')).toBe(false);
  });
});

describe('donation values, goal and countdown', () => {
  it('hides slots of 0 or less and blanks', () => {
    const values = donationValues({
      donation_value1: '20',
      donation_value2: '0',
      donation_value3: '-5',
      donation_value4: '',
      donation_value5: 100,
    });
    expect(values).toEqual([
      { slot: 1, value: 20 },
      { slot: 5, value: 100 },
    ]);
  });
  it('caps the width at 100 and labels only above 5 percent', () => {
    expect(goalProgress(500, 10_000)).toEqual({ percent: 5, width: 5, showLabel: false });
    expect(goalProgress(30_000, 10_000).width).toBe(100);
  });
  it('counts down as spec 02 §9 says', () => {
    expect(countdownKey(0)?.key).toBe('kinds.donation.countdownLastDay');
    expect(countdownKey(6)?.key).toBe('kinds.donation.countdownLastDays');
    expect(countdownKey(7)?.key).toBe('kinds.donation.countdownLastWeek');
    expect(countdownKey(8)?.key).toBe('kinds.donation.countdownDaysLeft');
    expect(countdownKey(-1)).toBeUndefined();
    expect(daysLeft('03/12/2026', new Date('2026-11-25T23:00:00Z'))).toBe(8);
    expect(daysLeft('31/02/2026', new Date())).toBeUndefined();
  });
});

describe('checkout rules', () => {
  it('names every missing customer field', () => {
    expect(Object.keys(validateCustomer(undefined)).sort()).toEqual(
      [
        'customer.address.city',
        'customer.address.neighborhood',
        'customer.address.state',
        'customer.address.street',
        'customer.address.street_number',
        'customer.address.zipcode',
        'customer.document_number',
        'customer.email',
        'customer.name',
        'customer.phone.ddd',
        'customer.phone.number',
      ].sort(),
    );
  });
  it('checks the card as spec 01 §5 says', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    const today = new Date('2026-11-25T12:00:00Z');
    expect(
      validateCard({ number: '4111111111111112', name: 'Ana 2', expiration: '13/30', cvv: '12345' }, today),
    ).toEqual({
      number: 'kinds.donation.cardNumberInvalid',
      name: 'kinds.donation.cardNameInvalid',
      expiration: 'kinds.donation.cardExpirationInvalid',
      cvv: 'kinds.donation.cvvInvalid',
    });
    expect(
      validateCard({ number: '4111111111111111', name: 'Ana Lúcia', expiration: '10/26', cvv: '123' }, today),
    ).toEqual({
      expiration: 'kinds.donation.cardExpired',
    });
    expect(validateChargeDate('24/11/2026', today)).toBe('kinds.donation.datePast');
    expect(validateChargeDate('2026-12-01', today)).toBe('kinds.donation.dateInvalid');
  });
  it('makes sandbox tokens that carry no card data', () => {
    const token = sandboxCardToken(
      { number: '4000 0000 0000 0002', name: 'Ana', expiration: '12/30', cvv: '123' },
      'abc',
    );
    expect(token).not.toContain('4000000000000002');
    expect(parseSandboxCardToken(token)).toEqual({ outcome: 'refuse', brand: 'visa', last_digits: '0002' });
  });
});
