import { describe, expect, it } from 'vitest';
import {
  checkVisitorPhone,
  parseTargets,
  pressureAdjustSchema,
  pressureEmailSchema,
  pressurePhoneSchema,
  targetLineProblem,
  validatePressureFill,
} from './pressure';

const targets = parseTargets(['Vereadora Ana <ana@camara.gov.br>', 'Vereador Beto <BETO@camara.gov.br>']);

describe('pressure targets (spec 02 §5)', () => {
  it('reads every stored shape, drops lines that do not parse and duplicates', () => {
    expect(parseTargets('Ana <ana@x.org>;Beto <beto@x.org>\nnada')).toHaveLength(2);
    expect(parseTargets({ a: 'Ana <ana@x.org>', b: 'Ana <ANA@x.org>' })).toEqual([
      { name: 'Ana', address: 'ana@x.org', channel: 'email' },
    ]);
    expect(parseTargets(['Gabinete <+5581999990000>'])).toEqual([
      { name: 'Gabinete', address: '+5581999990000', channel: 'phone' },
    ]);
    expect(parseTargets(42)).toEqual([]);
  });

  it('refuses a bad pattern, a duplicate and a mix of e-mail and phone, with the spec messages', () => {
    expect(targetLineProblem('Ana ana@x.org', [], 'email')).toBe('kinds.pressure.targetInvalid');
    expect(targetLineProblem('<ana@x.org>', [], 'email')).toBe('kinds.pressure.targetInvalid');
    expect(targetLineProblem('Ana <+55>', [], 'phone')).toBe('kinds.pressure.targetInvalid');
    expect(targetLineProblem('Outra Ana <ANA@camara.gov.br>', targets, 'email')).toBe('kinds.pressure.targetDuplicate');
    expect(targetLineProblem('Gabinete <+5581999990000>', targets, 'email')).toBe('kinds.pressure.mixedEmail');
    expect(targetLineProblem('Ana <ana@x.org>', parseTargets(['G <+5581999990000>']), 'phone')).toBe(
      'kinds.pressure.mixedPhone',
    );
    expect(targetLineProblem('Carla <carla@camara.gov.br>', targets, 'email')).toBeUndefined();
  });

  it('keeps each kind to its channel, and reads a number as people write it', () => {
    expect(targetLineProblem('Gabinete <+5581999990000>', [], 'email')).toBe('kinds.pressure.targetNotEmail');
    expect(targetLineProblem('Ana <ana@x.org>', [], 'phone')).toBe('kinds.pressure.targetNotPhone');
    expect(targetLineProblem('Gabinete <+55 (81) 99999-0000>', [], 'phone')).toBeUndefined();
    expect(parseTargets(['Gabinete <+55 (81) 99999-0000>'])).toEqual([
      { name: 'Gabinete', address: '+5581999990000', channel: 'phone' },
    ]);
  });
});

describe('pressure settings', () => {
  it('stores targets as lines, requires subject and body by e-mail, and only numbers by phone', () => {
    const ok = pressureEmailSchema.parse({
      targets: 'Ana <ana@x.org>\n\nBeto <beto@x.org>',
      pressure_subject: ' Assunto ',
      pressure_body: 'Corpo',
    });
    expect(ok).toEqual({
      targets: ['Ana <ana@x.org>', 'Beto <beto@x.org>'],
      pressure_subject: 'Assunto',
      pressure_body: 'Corpo',
    });
    const bad = pressureEmailSchema.safeParse({
      targets: ['Ana <ana@x.org>', 'nada'],
      pressure_subject: '',
      pressure_body: ' ',
    });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['targets', 'kinds.pressure.targetInvalid'],
      ['pressure_subject', 'kinds.pressure.subjectRequired'],
      ['pressure_body', 'kinds.pressure.bodyRequired'],
    ]);
    expect(pressurePhoneSchema.parse({ targets: ['G <+55 81 99999-0000>'] })).toEqual({
      targets: ['G <+5581999990000>'],
    });
    expect(pressurePhoneSchema.safeParse({ targets: ['G <g@x.org>'] }).error?.issues[0]?.message).toBe(
      'kinds.pressure.targetNotPhone',
    );
  });

  it('defaults show_city to city-false and disable_edit_field to n', () => {
    const parsed = pressureAdjustSchema.parse({ call_to_action: 'Pressione', button_text: 'Enviar' });
    expect(parsed).toMatchObject({ show_city: 'city-false', disable_edit_field: 'n' });
  });
});

describe('the visitor fill (spec 02 §5)', () => {
  const fill = (activist: Record<string, string>, mail = { subject: 'A', body: 'B' }) =>
    validatePressureFill(
      { activist: { firstname: 'Ana', lastname: 'Silva', email: 'ana@example.org', ...activist }, mail },
      { targets, showCity: true },
    );

  it('requires names, city when asked, a valid e-mail that is not a target, subject and body', () => {
    expect(fill({ city: 'Recife' })).toEqual({});
    expect(fill({ firstname: ' ', lastname: '', email: '' }, { subject: '', body: '' })).toEqual({
      firstname: 'kinds.pressure.firstNameRequired',
      lastname: 'kinds.pressure.lastNameRequired',
      city: 'kinds.pressure.cityRequired',
      email: 'kinds.pressure.emailRequired',
      subject: 'kinds.pressure.subjectRequired',
      body: 'kinds.pressure.bodyRequired',
    });
    expect(fill({ city: 'Recife', email: 'ana@' }).email).toBe('kinds.pressure.emailInvalid');
    expect(fill({ city: 'Recife', email: 'Beto@Camara.gov.br' }).email).toBe('kinds.pressure.emailIsTarget');
  });

  it("checks a caller's phone: + added, country and area codes asked for, a target's number refused", () => {
    expect(checkVisitorPhone('5581988887777', [])).toEqual({ phone: '+5581988887777' });
    expect(checkVisitorPhone('81 98888-7777', [])).toEqual({ phone: '+5581988887777' });
    expect(checkVisitorPhone('98888-7777', [])).toEqual({ error: 'kinds.pressure.phoneCountryCode' });
    expect(checkVisitorPhone('', [])).toEqual({ error: 'kinds.pressure.phoneRequired' });
    expect(checkVisitorPhone('123', [])).toEqual({ error: 'kinds.pressure.phoneInvalid' });
    expect(checkVisitorPhone('+5581999990000', parseTargets(['G <+5581999990000>']))).toEqual({
      error: 'kinds.pressure.phoneIsTarget',
    });
  });
});
