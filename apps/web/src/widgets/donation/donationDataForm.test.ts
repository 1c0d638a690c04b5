import { describe, expect, it } from 'vitest';
import { maskDate } from '../../forms/masks';
import {
  donationDataFormSchema,
  donationDataPatch,
  donationDataValues,
  reaisOfCents,
  visibleSlots,
} from './donationDataForm';
import { recipientStateOf } from './recipientApi';

describe('the Dados para doação form', () => {
  it('starts a new widget on the spec defaults: unique, monthly, value 1, no boleto', () => {
    expect(donationDataValues({})).toMatchObject({
      payment_type: 'unique',
      recurring_period: '30',
      default_donation_value: '1',
      payment_methods: 'false',
      goal: '',
      donation_value1: '',
    });
  });

  it('reads stored numbers as text, and a goal kept only in the column (a template) in reais', () => {
    const values = donationDataValues({ recurring_period: 180, donation_value2: '50', default_donation_value: 2 });
    expect(values).toMatchObject({ recurring_period: '180', donation_value2: '50', default_donation_value: '2' });
    expect(donationDataValues({}, 5_000_000).goal).toBe('50000');
    expect(donationDataValues({ goal: '12.5' }, 5_000_000).goal).toBe('12,5');
    expect(donationDataValues({ goal: '5000.50' }, 500_050).goal).toBe('5000,50');
    expect(reaisOfCents(150_050)).toBe('1500,50');
    expect(reaisOfCents(100_005)).toBe('1000,05');
  });

  it('saves every key, a cleared one as an empty text so the server drops it', () => {
    const form = { ...donationDataValues({}), donation_value1: '20', goal: '1000,5', goal_date_limit: '' };
    const saved = donationDataFormSchema({}).parse(form);
    const patch = donationDataPatch(saved);
    expect(patch).toMatchObject({ donation_value1: '20', donation_value2: '', goal: '1000.5', goal_date_limit: '' });
    expect(Object.keys(patch)).toHaveLength(11);
  });

  it('puts the cross-key messages on their fields, against the stored settings', () => {
    const form = { ...donationDataValues({}), donation_value2: '30', goal_date_limit: '01/01/2020' };
    const result = donationDataFormSchema({}).safeParse(form);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['default_donation_value', 'kinds.donation.defaultValueHidden'],
      ['goal_date_limit', 'kinds.donation.goalDatePast'],
    ]);
    // A deadline stored before it passed may stay while the rest changes.
    const stored = { goal_date_limit: '01/01/2020', default_donation_value: 2 };
    expect(donationDataFormSchema(stored).safeParse({ ...form, default_donation_value: '2' }).success).toBe(true);
  });

  it('knows the visible slots, and types a date with its slashes', () => {
    expect([...visibleSlots({ ...donationDataValues({}), donation_value1: '0', donation_value3: '5' })]).toEqual([3]);
    expect(maskDate('3')).toBe('3');
    expect(maskDate('3112')).toBe('31/12');
    expect(maskDate('31122030')).toBe('31/12/2030');
    expect(maskDate('31/12/20301')).toBe('31/12/2030');
  });
});

describe('the recipient answer', () => {
  it('reads a recipient, wrapped or not, and treats null or empty as none', () => {
    expect(recipientStateOf({ recipient: { id: 3, recipient_id: 're_1' } })).toBe('present');
    expect(recipientStateOf({ id: 3 })).toBe('present');
    expect(recipientStateOf({ recipient: null })).toBe('missing');
    expect(recipientStateOf({})).toBe('missing');
    expect(recipientStateOf(undefined)).toBe('missing');
  });
});
