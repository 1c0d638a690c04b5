import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  catalogues,
  communityCreateSchema,
  formatDate,
  formatMoney,
  formatMoneyInteger,
  LOCALES,
  msg,
  policies,
  ROLES,
  registerSchema,
  renderMessage,
  resolveLocale,
  translate,
} from './index';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message catalogues', () => {
  it('hold the same keys and placeholders in pt-BR, es and en', () => {
    const base = keys(catalogues['pt-BR']).sort();
    for (const locale of LOCALES) {
      expect(keys(catalogues[locale]).sort()).toEqual(base);
      for (const key of base) {
        const placeholders = (l: typeof locale) => (translate(l, key).match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(locale), `${locale} ${key}`).toEqual(placeholders('pt-BR'));
      }
    }
  });

  it("quote the spec's messages exactly", () => {
    expect(translate('pt-BR', 'app.loadingSession')).toBe('Carregando sessão');
    expect(translate('pt-BR', 'toast.requestErrorTitle')).toBe('Ops!');
    expect(translate('en', 'toast.requestErrorTitle')).toBe('Oops!');
    // The spec's 'Incorrect password', in the interface's language.
    expect(translate('pt-BR', 'errors.incorrectPassword')).toBe('Senha incorreta');
    expect(translate('es', 'errors.incorrectPassword')).toBe('Contraseña incorrecta');
    expect(translate('en', 'errors.incorrectPassword')).toBe('Incorrect password');
  });

  it('fill placeholders and render encoded validation messages', () => {
    expect(translate('pt-BR', 'communities.greeting', { name: 'Ana' })).toBe('Olá, Ana!');
    expect(renderMessage('es', msg('validation.passwordMin', { min: 8 }))).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
    expect(renderMessage('en', 'no.such.key')).toBe('no.such.key');
  });

  it('resolve locales from tags and Accept-Language, falling back by language, then to pt-BR', () => {
    expect(resolveLocale('es-AR,es;q=0.9')).toBe('es');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('pt-PT')).toBe('pt-BR');
    expect(resolveLocale('fr-FR,de')).toBe('pt-BR');
    expect(resolveLocale(undefined)).toBe('pt-BR');
  });
});

describe('schemas', () => {
  it('require community name and city with the spec messages', () => {
    const result = communityCreateSchema.safeParse({ name: '  ', city: undefined });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((i) => renderMessage('pt-BR', i.message));
    expect(messages).toEqual(['Informe o nome da comunidade', 'Informe em qual cidade sua comunidade atua']);
  });

  it('require matching passwords of at least 8 characters on sign-up', () => {
    expect(
      registerSchema.safeParse({ name: 'A', email: 'a@b.co', password: '12345678', password_confirmation: '12345678' })
        .success,
    ).toBe(true);
    const short = registerSchema.safeParse({
      name: 'A',
      email: 'a@b.co',
      password: '1234567',
      password_confirmation: '1234567',
    });
    expect(short.success).toBe(false);
  });
});

describe('formatting', () => {
  it('writes reais as the spec shows them', () => {
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(123456789)).toBe('R$ 1.234.567,89');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(-100000)).toBe('-R$ 1.000,00');
    expect(formatMoneyInteger(5000)).toBe('R$ 50');
    expect(formatMoneyInteger(1_000_000)).toBe('R$ 10.000');
    expect(formatMoneyInteger(0)).toBe('R$ 0');
  });

  it('keeps the cents of an amount that has them: the integer variant only for whole reais', () => {
    expect(formatMoneyInteger(500_050)).toBe('R$ 5.000,50');
    expect(formatMoneyInteger(123456789)).toBe('R$ 1.234.567,89');
    expect(formatMoneyInteger(5)).toBe('R$ 0,05');
    expect(formatMoneyInteger(-150)).toBe('-R$ 1,50');
  });

  it('writes dates as dd/mm/yyyy in Brazil’s calendar day', () => {
    expect(formatDate('2026-01-02T12:00:00Z')).toBe('02/01/2026');
    expect(formatDate('2026-01-02T01:00:00Z')).toBe('01/01/2026');
    expect(calendarDay('2026-01-02T01:00:00Z')).toBe('2026-01-01');
    expect(calendarDay(new Date('2026-05-08T03:00:00.000Z'))).toBe('2026-05-08');
    expect(calendarDay('2026-01-02T01:00:00Z', 'UTC')).toBe('2026-01-02');
  });
});

describe('policies', () => {
  const member = { id: 1, isAdmin: false };
  const platformAdmin = { id: 2, isAdmin: true };

  it('give a mobilizer the access of the inviter, except admins and bank data', () => {
    const admin = { communityId: 1, role: ROLES.admin };
    const mobilizer = { communityId: 1, role: ROLES.mobilizer };
    expect(policies.canReadCommunity(member, mobilizer)).toBe(true);
    expect(policies.canWorkInCommunity(member, mobilizer)).toBe(true);
    expect(policies.canManageCommunity(member, mobilizer)).toBe(true);
    expect(policies.canInvite(member, mobilizer, ROLES.mobilizer)).toBe(true);
    expect(policies.canInvite(member, mobilizer, ROLES.admin)).toBe(false);
    expect(policies.canManageAdmins(member, mobilizer)).toBe(false);
    expect(policies.canManageBankData(member, mobilizer)).toBe(false);
    expect(policies.canChangeRole(member, mobilizer)).toBe(false);
    expect(policies.canRemoveMember(member, mobilizer, { userId: 9, role: ROLES.mobilizer })).toBe(true);
    expect(policies.canRemoveMember(member, mobilizer, { userId: 9, role: ROLES.admin })).toBe(false);
    expect(policies.canRemoveMember(member, mobilizer, { userId: member.id, role: ROLES.mobilizer })).toBe(true);
    expect(policies.canManageAdmins(member, admin)).toBe(true);
    expect(policies.canInvite(member, admin, ROLES.admin)).toBe(true);
    expect(policies.canRemoveMember(member, admin, { userId: 9, role: ROLES.admin })).toBe(true);
    expect(policies.canManageBankData(platformAdmin, undefined)).toBe(true);
  });

  it('give a non-member nothing', () => {
    expect(policies.canReadCommunity(member, undefined)).toBe(false);
    expect(policies.canWorkInCommunity(member, undefined)).toBe(false);
    expect(policies.canManageCommunity(member, undefined)).toBe(false);
    expect(policies.canInvite(member, undefined, ROLES.mobilizer)).toBe(false);
    expect(policies.canRemoveMember(member, undefined, { userId: member.id, role: ROLES.mobilizer })).toBe(false);
  });
});
