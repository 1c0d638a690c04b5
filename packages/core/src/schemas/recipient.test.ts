import { describe, expect, it } from 'vitest';
import { renderMessage } from '../messages';
import { recipientSchema } from './recipient';

const errorsOf = (input: unknown) =>
  Object.fromEntries(
    (recipientSchema.safeParse(input).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      renderMessage('pt-BR', i.message),
    ]),
  );

const form = {
  transfer_interval: 'weekly',
  transfer_day: '5',
  bank_account: {
    bank_code: '260',
    agencia: '0001',
    agencia_dv: '0',
    conta: '1234567',
    conta_dv: 'x',
    type: 'conta_corrente',
    legal_name: ' Maria da Silva ',
    document_number: '529.982.247-25',
  },
};

describe('the recipient schema', () => {
  it("reads the form's strings: the day as a number, the document as digits, an X check digit upper-cased", () => {
    expect(recipientSchema.parse(form)).toEqual({
      transfer_interval: 'weekly',
      transfer_day: 5,
      bank_account: {
        ...form.bank_account,
        conta_dv: 'X',
        legal_name: 'Maria da Silva',
        document_number: '52998224725',
      },
    });
  });

  it('checks the day against the interval, even when a bank field is wrong too', () => {
    const wrongBank = { ...form.bank_account, type: 'conta_salario' };
    expect(errorsOf({ ...form, transfer_day: 6, bank_account: wrongBank })).toEqual({
      transfer_day: 'Escolha um dia de segunda a sexta-feira',
      'bank_account.type': 'Escolha conta corrente ou poupança',
    });
    expect(errorsOf({ ...form, transfer_interval: 'monthly', transfer_day: 31 })).toEqual({});
    expect(errorsOf({ ...form, transfer_interval: 'monthly', transfer_day: '0' })).toEqual({
      transfer_day: 'Escolha um dia do mês, de 1 a 31',
    });
  });

  it('tells a short document from a wrong CPF or CNPJ', () => {
    const doc = (document_number: string) =>
      errorsOf({ ...form, bank_account: { ...form.bank_account, document_number } })['bank_account.document_number'];
    expect(doc('11.222.333/0001-81')).toBeUndefined();
    expect(doc('123.456.789')).toBe('Informe um CPF (11 números) ou um CNPJ (14 números)');
    expect(doc('000.000.000-00')).toBe('CPF inválido: confira os números');
    expect(doc('11.222.333/0001-80')).toBe('CNPJ inválido: confira os números');
  });
});
