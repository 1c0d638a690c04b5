import { describe, expect, it } from 'vitest';
import { msg, renderMessage } from '../messages';
import { catalogues, counterLine, LOCALES, translate, withEveryPluralForm } from './index';

describe('plural messages', () => {
  it.each([
    ['pt-BR', ['0 pessoas', '1 pessoa', '2 pessoas', '1.000.000 pessoas']],
    ['es', ['0 personas', '1 persona', '2 personas', '1.000.000 personas']],
    ['en', ['0 people', '1 person', '2 people', '1,000,000 people']],
  ] as const)('choose the form for 0, 1, 2 and 1000000 in %s, with the count in its digits', (locale, expected) => {
    expect([0, 1, 2, 1_000_000].map((count) => translate(locale, 'activists.count', { count }))).toEqual(expected);
  });

  it('choose the verb with the noun', () => {
    expect(translate('pt-BR', 'massMessages.skipped', { count: 1 })).toBe(
      '1 pessoa sem autorização no Messenger fica de fora',
    );
    expect(translate('pt-BR', 'massMessages.skipped', { count: 2 })).toBe(
      '2 pessoas sem autorização no Messenger ficam de fora',
    );
    expect(translate('es', 'massMessages.send', { count: 1 })).toBe('Enviar a 1 persona');
    expect(translate('en', 'massMessages.doneReached', { count: 1 })).toBe('It will reach 1 person.');
  });

  it('read the count of an encoded message (msg), which travels as text', () => {
    expect(renderMessage('pt-BR', msg('formEntries.tooManyRequests', { count: 1 }))).toBe(
      'Muitos envios seguidos. Tente de novo em 1 minuto.',
    );
    expect(renderMessage('es', 'errors.tooManyAttempts?count=15')).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 15 minutos.',
    );
  });

  it('fall back to the other form without a count, and leave a formatted count as given', () => {
    expect(translate('en', 'activists.count')).toBe('{count} people');
    expect(translate('pt-BR', 'activists.count', { count: '1.234' })).toBe('1.234 pessoas');
  });

  it('give i18next every form its plural rules can ask for, from the other form where none is written', () => {
    const filled = withEveryPluralForm('es', catalogues.es).activists as Record<string, string>;
    expect(filled.count_one).toBe('{count} persona');
    expect(filled.count_many).toBe('{count} personas');
    expect(filled.count_zero).toBe('{count} personas');
    expect(Object.keys(withEveryPluralForm('en', catalogues.en).activists)).not.toContain('count_many');
  });

  it("read a widget's counter in the singular for one when its text is a catalogue wording", () => {
    expect([0, 1, 2, 1_000_000].map((n) => counterLine('pt-BR', n, 'pessoas já assinaram'))).toEqual([
      '0 pessoas já assinaram',
      '1 pessoa já assinou',
      '2 pessoas já assinaram',
      '1.000.000 pessoas já assinaram',
    ]);
    expect(counterLine('pt-BR', 1, ' Doações  recebidas')).toBe('1 doação recebida');
    expect(counterLine('pt-BR', 1, 'pressões feitas')).toBe('1 pressão feita');
    expect(counterLine('es', 1, 'personas ya firmaron')).toBe('1 persona ya firmó');
    expect(counterLine('en', 1, 'people have signed')).toBe('1 person has signed');
    // Only the page's language: its browser holds no other.
    expect(counterLine('es', 1, 'assinaturas')).toBe('1 assinaturas');
  });

  it("show an organiser's own counter text as written", () => {
    expect(counterLine('pt-BR', 1, 'vizinhas na rua')).toBe('1 vizinhas na rua');
    expect(counterLine('pt-BR', 1234, 'vizinhas na rua')).toBe('1.234 vizinhas na rua');
  });

  it('write each plural group with its one and other forms in every language', () => {
    const groups = (node: object, prefix = ''): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string'
          ? /_(zero|one|two|few|many|other)$/.test(key)
            ? [`${prefix}${key.replace(/_\w+$/, '')}`]
            : []
          : groups(value, `${prefix}${key}.`),
      );
    const all = [...new Set(groups(catalogues['pt-BR']))];
    expect(all.length).toBeGreaterThan(10);
    for (const locale of LOCALES)
      for (const group of all) {
        const one = translate(locale, group, { count: 1 });
        const other = translate(locale, group, { count: 7 });
        expect(one, `${locale} ${group}`).not.toBe(other);
        expect(one, `${locale} ${group}`).toContain('1');
        expect(other, `${locale} ${group}`).toContain('7');
      }
  });
});
