import { describe, expect, it } from 'vitest';
import { parseTargets } from './pressure';
import {
  callProgress,
  laterCallState,
  PHONE_CALL_FAILURES,
  type PhoneCallStatus,
  validatePhoneCall,
} from './pressurePhone';

const targets = parseTargets(['Ana <+5581999990000>', 'Beto <+5581999991111>']);
const activist = {
  first_name: 'Iara',
  last_name: 'Monteiro',
  email: 'iara@example.org',
  phone_number: '5581988887777',
};

describe('validatePhoneCall', () => {
  it('accepts a Brazilian number as people type it, in E.164', () => {
    for (const phone_number of ['(81) 98888-7777', '81 98888-7777', '081 98888 7777', '+55 81 98888-7777'])
      expect(
        validatePhoneCall(
          { activist: { ...activist, phone_number }, target: '+5581999990000' },
          { targets, showCity: false },
        ),
      ).toEqual({ errors: {}, phone: '+5581988887777' });
    expect(
      validatePhoneCall(
        { activist: { ...activist, phone_number: '(81) 99999-1111' }, target: '+5581999990000' },
        { targets, showCity: false },
      ).errors,
    ).toEqual({ phone_number: 'kinds.pressure.phoneIsTarget' });
  });

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
      first_name: 'kinds.pressure.firstNameRequired',
      last_name: 'kinds.pressure.lastNameRequired',
      email: 'kinds.pressure.emailRequired',
      city: 'kinds.pressure.cityRequired',
    });
    expect(check({ phone_number: '' })).toEqual({ phone_number: 'kinds.pressure.phoneRequired' });
    expect(check({ phone_number: '98888-7777' })).toEqual({ phone_number: 'kinds.pressure.phoneCountryCode' });
    expect(check({ phone_number: '12345' })).toEqual({ phone_number: 'kinds.pressure.phoneInvalid' });
    expect(check({ phone_number: '+5581999991111' })).toEqual({ phone_number: 'kinds.pressure.phoneIsTarget' });
    expect(check({ email: 'iara@' })).toEqual({ email: 'kinds.pressure.emailInvalid' });
    expect(check({ first_name: 'x'.repeat(101) })).toEqual({ first_name: 'kinds.pressure.tooLong' });
    expect(check({}, '')).toEqual({ target: 'kinds.pressure.selectTarget' });
    expect(check({}, '+5581000000000')).toEqual({ target: 'kinds.pressure.selectTarget' });
  });
});

describe('laterCallState', () => {
  const call = (status: PhoneCallStatus) => ({ id: 7, status });
  it('moves forward from initiated through ringing and in progress to an end, never back', () => {
    const order: PhoneCallStatus[] = ['initiated', 'ringing', 'in-progress', 'completed'];
    for (const [i, status] of order.entries())
      for (const later of order.slice(i + 1)) {
        expect(laterCallState(call(status), call(later)).status).toBe(later);
        expect(laterCallState(call(later), call(status)).status).toBe(later);
      }
    expect(laterCallState(undefined, call('ringing')).status).toBe('ringing');
  });

  it('keeps the first end it learnt: an end is final', () => {
    for (const end of PHONE_CALL_FAILURES) {
      expect(laterCallState(call(end), call('in-progress')).status).toBe(end);
      expect(laterCallState(call(end), call('completed')).status).toBe(end);
      expect(laterCallState(call('ringing'), call(end)).status).toBe(end);
    }
  });

  it('shows the furthest state whatever order the reports arrive in', () => {
    const arrivals: PhoneCallStatus[] = ['ringing', 'initiated', 'in-progress', 'ringing', 'completed', 'in-progress'];
    const shown = arrivals.reduce<{ id: number; status: PhoneCallStatus } | undefined>(
      (state, status) => laterCallState(state, call(status)),
      undefined,
    );
    expect(shown?.status).toBe('completed');
    const seen = arrivals.map((_, i) =>
      arrivals
        .slice(0, i + 1)
        .reduce<{ id: number; status: PhoneCallStatus } | undefined>(
          (s, status) => laterCallState(s, call(status)),
          undefined,
        ),
    );
    const ranks = seen.map((s) => callProgress(s?.status ?? 'initiated'));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});
