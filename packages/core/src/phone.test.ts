import { describe, expect, it } from 'vitest';
import { displayPhone, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it('reads a Brazilian mobile in every way people type it, as E.164', () => {
    for (const typed of [
      '(81) 98888-7777',
      '81 98888-7777',
      '81988887777',
      '081 98888 7777',
      '0 21 81 98888-7777',
      '+55 81 98888-7777',
      '+55 (81) 9 8888-7777',
      '5581988887777',
      '55 81 98888.7777',
      '0055 81 98888 7777',
      ' 81\u00a098888-7777 ',
    ])
      expect(normalizePhone(typed), typed).toEqual({ phone: '+5581988887777' });
  });

  it('reads landlines with eight digits from 2 to 5', () => {
    expect(normalizePhone('(11) 3333-4444')).toEqual({ phone: '+551133334444' });
    expect(normalizePhone('+55 21 2555-0000')).toEqual({ phone: '+552125550000' });
    expect(normalizePhone('558133334444')).toEqual({ phone: '+558133334444' });
  });

  it('keeps foreign numbers given with their country code', () => {
    expect(normalizePhone('+1 (415) 555-0100')).toEqual({ phone: '+14155550100' });
    expect(normalizePhone('+351 912 345 678')).toEqual({ phone: '+351912345678' });
    expect(normalizePhone('00 44 20 7946 0958')).toEqual({ phone: '+442079460958' });
    // Without its '+', a number too long to be Brazilian is taken as foreign (spec 02 §5: the '+' is added).
    expect(normalizePhone('351912345678')).toEqual({ phone: '+351912345678' });
  });

  it('asks for the area code when only the local number was typed', () => {
    expect(normalizePhone('98888-7777')).toEqual({ problem: 'areaCode' });
    expect(normalizePhone('3333-4444')).toEqual({ problem: 'areaCode' });
    expect(normalizePhone('+55 98888-7777')).toEqual({ problem: 'areaCode' });
  });

  it('refuses what is not a phone number', () => {
    expect(normalizePhone('   ')).toEqual({ problem: 'blank' });
    for (const typed of [
      '123',
      '81 8888-7777', // eight digits from 8: a mobile without its 9
      '81 18888-7777', // nine digits not from 9
      '80 98888-7777', // no DDD ends in 0
      '01 98888-7777',
      '55 1199999-999', // country code, then too few digits
      '+55 81 98888-77770',
      '+0 81 98888-7777',
      '+1234567',
      '+1234567890123456',
      '81 98888-777a',
      '+',
      '++5581988887777',
    ])
      expect(normalizePhone(typed), typed).toEqual({ problem: 'invalid' });
  });
});

describe('phone numbers as people read them', () => {
  it('groups a Brazilian E.164 number: mobile and landline', () => {
    expect(displayPhone('+5581988887777')).toBe('+55 81 98888-7777');
    expect(displayPhone('+558133334444')).toBe('+55 81 3333-4444');
  });

  it('groups a number stored without the country code as its area code and number', () => {
    expect(displayPhone('81988887777')).toBe('81 98888-7777');
    expect(displayPhone('(81) 3333-4444')).toBe('81 3333-4444');
  });

  it('leaves anything else as it was given', () => {
    expect(displayPhone('+351912345678')).toBe('+351912345678');
    expect(displayPhone('ramal 22')).toBe('ramal 22');
    expect(displayPhone(null)).toBe('');
  });
});
