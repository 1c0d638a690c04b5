import { describe, expect, it } from 'vitest';
import { massMessageSchema, massMessageTestSchema, parseMassMessageTarget } from './massMessages';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('mass-message rules (spec 01 §5)', () => {
  it('read targets as Name <email> or + with 12 to 13 digits', () => {
    expect(parseMassMessageTarget(' Ana Souza <Ana@Example.org> ')).toEqual({
      kind: 'email',
      name: 'Ana Souza',
      email: 'ana@example.org',
    });
    expect(parseMassMessageTarget('+551199998888')).toEqual({ kind: 'phone', phone: '+551199998888' });
    expect(parseMassMessageTarget('+5511999988887')).toEqual({ kind: 'phone', phone: '+5511999988887' });
    for (const bad of [
      '+55119999888',
      '+55119999888877',
      '5511999988887',
      'ana@example.org',
      '<ana@example.org>',
      'Ana <ana>',
    ])
      expect(parseMassMessageTarget(bad), bad).toBeNull();
  });

  it("require the name and the text ('Obrigatório')", () => {
    const r = massMessageSchema.safeParse({ community_id: 1, name: ' ', text: '' });
    expect(issues(r)).toEqual({ name: 'massMessages.required', text: 'massMessages.required' });
  });

  it("take the quick reply's redirect and button text both or neither ('Preencha')", () => {
    const base = { community_id: 1, name: 'Ato', text: 'Vem!' };
    expect(issues(massMessageSchema.safeParse({ ...base, quick_reply_redirect: 'https://x.org' }))).toEqual({
      quick_reply_button_text: 'massMessages.fill',
    });
    expect(issues(massMessageSchema.safeParse({ ...base, quick_reply_button_text: 'Vou' }))).toEqual({
      quick_reply_redirect: 'massMessages.fill',
    });
    const ok = massMessageSchema.parse({
      ...base,
      quick_reply_redirect: 'https://x.org',
      quick_reply_button_text: 'Vou',
    });
    expect(ok.facebook_bot_configuration_id).toBe(1);
  });

  it('flag invalid test targets by position', () => {
    const r = massMessageTestSchema.safeParse({ text: 'Oi', targets: ['Ana <ana@example.org>', '+55 11'] });
    expect(issues(r)).toEqual({ 'targets.1': 'massMessages.targetInvalid' });
  });
});
