import { describe, expect, it } from 'vitest';
import { mailchimpSegmentName, mailchimpSettingsSchema } from '../index';

const KEY = `${'a1'.repeat(16)}-us21`;

describe('the Mailchimp settings', () => {
  it('names segments M + mobilization + P, F or D (spec 01 §9)', () => {
    expect(mailchimpSegmentName(42, 'F')).toBe('M42F');
    expect(mailchimpSegmentName(7, 'P')).toBe('M7P');
    expect(mailchimpSegmentName(1234, 'D')).toBe('M1234D');
  });

  it('takes a key with its data centre, a list id and an optional group; blank keeps the stored key', () => {
    expect(
      mailchimpSettingsSchema.parse({
        mailchimp_api_key: ` ${KEY} `,
        mailchimp_list_id: 'ab12cd',
        mailchimp_group_id: '',
      }),
    ).toEqual({ mailchimp_api_key: KEY, mailchimp_list_id: 'ab12cd', mailchimp_group_id: null });
    expect(
      mailchimpSettingsSchema.parse({ mailchimp_api_key: '', mailchimp_list_id: 'ab12cd' }).mailchimp_api_key,
    ).toBe(undefined);
  });

  it('names the field of each error, once', () => {
    const result = mailchimpSettingsSchema.safeParse({
      mailchimp_api_key: 'abc-us1',
      mailchimp_list_id: '',
      mailchimp_group_id: 'a b',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['mailchimp_api_key', 'mailchimp.apiKeyInvalid'],
      ['mailchimp_list_id', 'mailchimp.listIdRequired'],
      ['mailchimp_group_id', 'mailchimp.idInvalid'],
    ]);
  });
});
