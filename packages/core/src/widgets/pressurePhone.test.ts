import { describe, expect, it } from 'vitest';
import { parseTargets } from './pressure';
import { validatePhoneCall } from './pressurePhone';

const targets = parseTargets(['Ana <+5581999990000>', 'Beto <+5581999991111>']);
const activist = {
  first_name: 'Iara',
  last_name: 'Monteiro',
  email: 'iara@example.org',
  phone_number: '5581988887777',
};

describe('validatePhoneCall', () => {
  it('accepts a complete call, adding the + to the phone', () => {
    expect(validatePhoneCall({ activist, target: '+5581999990000' }, { targets, showCity: false })).toEqual({
      errors: {},
      phone: '+5581988887777',
    });
  });

  it('names each field with the spec messages', () => {
    const check = (a: Partial<typeof activist> & { city?: string }, target = '+5581999990000', showCity = false) =>
      validatePhoneCall({ activist: { ...activist, ...a }, target }, { targets, showCity }).errors;
    expect(check({ first_name: ' ', last_name: '', email: '' }, '+5581999990000', true)).toEqual({
      first_name: 'kinds.pressure.required',
      last_name: 'kinds.pressure.required',
      email: 'kinds.pressure.required',
      city: 'kinds.pressure.required',
    });
    expect(check({ phone_number: '55119999999' })).toEqual({ phone_number: 'kinds.pressure.phoneCountryCode' });
    expect(check({ phone_number: '12345' })).toEqual({ phone_number: 'kinds.pressure.phoneInvalid' });
    expect(check({ phone_number: '+5581999991111' })).toEqual({ phone_number: 'kinds.pressure.phoneIsTarget' });
    expect(check({ email: 'iara@' })).toEqual({ email: 'kinds.pressure.emailInvalid' });
    expect(check({ first_name: 'x'.repeat(101) })).toEqual({ first_name: 'kinds.pressure.tooLong' });
    expect(check({}, '')).toEqual({ target: 'kinds.pressure.selectTarget' });
    expect(check({}, '+5581000000000')).toEqual({ target: 'kinds.pressure.selectTarget' });
  });
});
