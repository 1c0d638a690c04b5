import { describe, expect, it } from 'vitest';
import { displayPhone } from './phoneDisplay';

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
