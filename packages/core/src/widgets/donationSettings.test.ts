import { describe, expect, it } from 'vitest';
import { renderMessage } from '../messages';
import { WIDGET_KIND_DEFINITIONS } from './definitions';
import {
  cardFormSchema,
  chargeDateFormSchema,
  DONATION_DATA_KEYS,
  donationAdjustSchema,
  donationDataSchema,
  donationDataTabSchema,
  donationGoalCents,
  donationSettingsProblems,
} from './donation';

const shape = donationDataSchema.shape;
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : renderMessage('pt-BR', result.error?.issues[0]?.message ?? '');

const today = new Date(Date.UTC(2026, 10, 25, 12));

describe('donation Ajustes (spec 02 §5 "Adjust forms")', () => {
  it('requires the title and the button text, at most 50 characters, with the spec messages', () => {
    const base = { call_to_action: 'Doe', button_text: 'Doar' };
    expect(messageOf(donationAdjustSchema.safeParse({ ...base, call_to_action: ' ' }))).toBe(
      'Insira o título da widget',
    );
    expect(messageOf(donationAdjustSchema.safeParse({ ...base, button_text: '' }))).toBe('Insira o texto do botão');
    expect(messageOf(donationAdjustSchema.safeParse({ ...base, button_text: 'x'.repeat(51) }))).toBe(
      'O limite de caracteres foi atingido.',
    );
  });

  it('gives the donation colour #54d0f6 when none is chosen, and keeps count_text optional', () => {
    const saved = donationAdjustSchema.parse({ call_to_action: 'Doe', button_text: 'Doar', main_color: '' });
    expect(saved.main_color).toBe('#54d0f6');
    expect(saved.count_text).toBeUndefined();
    expect(donationAdjustSchema.shape.main_color.parse('#ee0099')).toBe('#ee0099');
  });
});

describe('Dados para doação (spec 02 §3, §5, §9)', () => {
  it('defaults payment_type unique, recurring_period 30, default value 1 and no boleto', () => {
    expect(donationDataSchema.parse({})).toMatchObject({
      payment_type: 'unique',
      recurring_period: 30,
      default_donation_value: 1,
      payment_methods: 'false',
    });
  });

  it('accepts the spec choices as text or numbers, stored as the numbers', () => {
    expect(shape.payment_type.parse('users_choice')).toBe('users_choice');
    expect(shape.recurring_period.parse('180')).toBe(180);
    expect(shape.recurring_period.parse(365)).toBe(365);
    expect(shape.default_donation_value.parse('5')).toBe(5);
    expect(shape.payment_methods.parse(true)).toBe('true');
    expect(messageOf(shape.payment_type.safeParse('monthly'))).toBe(
      'Escolha o tipo de doação: única, recorrente ou escolha do doador.',
    );
    expect(messageOf(shape.recurring_period.safeParse('7'))).toBe(
      'Escolha a periodicidade: mensal, semestral ou anual.',
    );
    expect(messageOf(shape.default_donation_value.safeParse('6'))).toBe('Escolha o valor padrão entre o 1 e o 5.');
    expect(messageOf(shape.payment_methods.safeParse('yes'))).toBe('Escolha se o boleto é aceito.');
  });

  it('takes digits only in the values ("Inválido."); blank drops the slot, 0 is kept and hides it', () => {
    for (const bad of ['10,50', '10.5', '-5', 'dez', '1 0'])
      expect(messageOf(shape.donation_value1.safeParse(bad))).toBe('Inválido.');
    expect(messageOf(shape.donation_value1.safeParse('1000001'))).toBe('Valor alto demais: no máximo R$ 1.000.000.');
    expect(shape.donation_value1.parse(' 030 ')).toBe('30');
    expect(shape.donation_value1.parse(50)).toBe('50');
    expect(shape.donation_value1.parse('0')).toBe('0');
    expect(shape.donation_value1.parse('')).toBeUndefined();
  });

  it('turns the comma of the goal into a dot, refuses other shapes with the spec message', () => {
    expect(shape.goal.parse('1000')).toBe('1000');
    expect(shape.goal.parse('1000,50')).toBe('1000.50');
    expect(shape.goal.parse('')).toBeUndefined();
    for (const bad of ['1.000,00', 'mil', '10,555', '-3'])
      expect(messageOf(shape.goal.safeParse(bad))).toBe('Informe a meta só com números, por exemplo: 1000');
    expect(messageOf(shape.goal.safeParse('20000001'))).toBe('Meta alta demais: no máximo R$ 20.000.000.');
  });

  it('keeps the goal column in cents', () => {
    expect(donationGoalCents({ goal: '1000' })).toBe(100_000);
    expect(donationGoalCents({ goal: '1000.5' })).toBe(100_050);
    expect(donationGoalCents({ goal: '1000.05' })).toBe(100_005);
    expect(donationGoalCents({ goal: '20000000' })).toBe(2_000_000_000);
    expect(donationGoalCents({})).toBeNull();
  });

  it('wants the deadline as DD/MM/AAAA and a real date, with the spec messages', () => {
    expect(shape.goal_date_limit.parse('31/12/2030')).toBe('31/12/2030');
    expect(shape.goal_date_limit.parse('')).toBeUndefined();
    for (const bad of ['2030-12-31', '1/1/2030', '31/12/30'])
      expect(messageOf(shape.goal_date_limit.safeParse(bad))).toBe('Informe a data no formato DD/MM/AAAA');
    expect(messageOf(shape.goal_date_limit.safeParse('31/02/2030'))).toBe('Data inválida.');
  });
});

describe('rules across the keys', () => {
  const values = { donation_value1: '0', donation_value2: '50', donation_value3: '100' };

  it('wants the default among the visible values, when any is visible', () => {
    expect(donationSettingsProblems({ ...values, default_donation_value: 1 }, {}, today)).toEqual({
      default_donation_value: 'kinds.donation.defaultValueHidden',
    });
    expect(donationSettingsProblems({ ...values, default_donation_value: 4 }, {}, today)).toHaveProperty(
      'default_donation_value',
    );
    expect(donationSettingsProblems({ ...values, default_donation_value: 2 }, {}, today)).toEqual({});
    expect(donationSettingsProblems({ default_donation_value: 3 }, {}, today)).toEqual({});
  });

  it('refuses a deadline in the past, today is fine, and an unchanged stored one is left alone', () => {
    expect(donationSettingsProblems({ goal_date_limit: '24/11/2026' }, {}, today)).toEqual({
      goal_date_limit: 'kinds.donation.goalDatePast',
    });
    expect(donationSettingsProblems({ goal_date_limit: '25/11/2026' }, {}, today)).toEqual({});
    const stored = { goal_date_limit: '01/01/2025' };
    expect(donationSettingsProblems({ ...stored, goal: '10' }, stored, today)).toEqual({});
  });

  it('puts each message on its field in the tab schema', () => {
    const result = donationDataTabSchema({}, today).safeParse({
      ...values,
      default_donation_value: '1',
      goal_date_limit: '01/01/2020',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['default_donation_value', 'goal_date_limit']);
    expect(renderMessage('pt-BR', 'kinds.donation.goalDatePast')).toBe(
      'O prazo da meta já passou: escolha hoje ou uma data futura.',
    );
  });

  it('is wired in the donation kind: every tab key checked, the goal column derived', () => {
    const donation = WIDGET_KIND_DEFINITIONS.donation;
    for (const key of [...DONATION_DATA_KEYS, 'call_to_action', 'button_text', 'sender_email', 'finish_message_type'])
      expect(donation.settings).toHaveProperty(key);
    expect(donation.goal({ goal: '12,34' })).toBe(1234);
    expect(donation.check({ goal_date_limit: '01/01/2020' }, {})).toHaveProperty('goal_date_limit');
    expect(renderMessage('es', 'kinds.donation.saved')).toBe('¡Formulario de donación configurado con éxito!');
    expect(renderMessage('pt-BR', 'kinds.donation.saved')).toBe('Formulário de doação configurado com sucesso!');
  });
});

describe('the tab schema shows every mistake at once', () => {
  it('judges the deadline even when another key failed, and the default only when every amount was read', () => {
    const issues = (input: Record<string, unknown>) =>
      donationDataTabSchema({}, today)
        .safeParse(input)
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
        .sort();
    expect(issues({ donation_value1: 'dez', goal_date_limit: '01/01/2020' })).toEqual([
      'donation_value1: kinds.donation.valueInvalid',
      'goal_date_limit: kinds.donation.goalDatePast',
    ]);
    expect(issues({ donation_value2: '10', default_donation_value: '9' })).toEqual([
      'default_donation_value: kinds.donation.defaultValueInvalid',
    ]);
  });
});

describe("the donor's manage forms (spec 01 §5)", () => {
  it('checks the card with core rules, each message on its field', () => {
    const result = cardFormSchema.safeParse({
      number: '4111 1111 1111 1112',
      name: 'Ana 2',
      expiration: '13/30',
      cvv: '12',
    });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['number', 'kinds.donation.cardNumberInvalid'],
      ['name', 'kinds.donation.cardNameInvalid'],
      ['expiration', 'kinds.donation.cardExpirationInvalid'],
      ['cvv', 'kinds.donation.cvvInvalid'],
    ]);
    expect(
      cardFormSchema.safeParse({ number: '4111 1111 1111 1111', name: 'Ana Lima', expiration: '12/99', cvv: '1234' })
        .success,
    ).toBe(true);
  });

  it('wants the next charge date, as DD/MM/YYYY, not in the past', () => {
    const issue = (process_at: string) => chargeDateFormSchema.safeParse({ process_at }).error?.issues[0]?.message;
    expect(issue('')).toBe('kinds.donation.required');
    expect(issue('2099-01-01')).toBe('kinds.donation.dateInvalid');
    expect(issue('01/01/2020')).toBe('kinds.donation.datePast');
    expect(issue('01/01/2099')).toBeUndefined();
  });
});
