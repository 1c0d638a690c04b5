import { catalogues, LOCALES, type Locale, translate } from '@mutirao/core';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { countFormatter, i18nextOptions } from './i18nextSetup';

/** The plural groups of a catalogue, named as callers ask for them (`activists.count` for `count_one`…). */
function pluralGroups(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string'
      ? key.endsWith('_other')
        ? [`${prefix}${key.slice(0, -'_other'.length)}`]
        : []
      : pluralGroups(value, `${prefix}${key}.`),
  );
}

async function instance(locale: Locale) {
  const i18n = i18next.createInstance();
  await i18n.use(countFormatter).init(i18nextOptions(locale));
  return i18n;
}

describe("the admin app's i18next", () => {
  it('chooses the same plural form as core for 0, 1, 2 and 1000000 in every language', async () => {
    const groups = pluralGroups(catalogues['pt-BR']);
    expect(groups).toContain('activists.count');
    for (const locale of LOCALES) {
      const i18n = await instance(locale);
      for (const key of groups)
        for (const count of [0, 1, 2, 1_000_000]) {
          const params = { count, done: 3, tag: 'x', name: 'Lista' };
          expect(i18n.t(key as never, params), `${locale} ${key} ${count}`).toBe(translate(locale, key, params));
        }
    }
  });

  it("shows '1 pessoa' and '1.000.000 pessoas' in pt-BR, '1 persona' and '1.000.000 personas' in Spanish", async () => {
    const pt = await instance('pt-BR');
    expect(pt.t('activists.count', { count: 1 })).toBe('1 pessoa');
    expect(pt.t('activists.count', { count: 1_000_000 })).toBe('1.000.000 pessoas');
    expect(pt.t('massMessages.send', { count: 1 })).toBe('Enviar para 1 pessoa');
    const es = await instance('es');
    expect(es.t('activists.count', { count: 1 })).toBe('1 persona');
    expect(es.t('activists.count', { count: 1_000_000 })).toBe('1.000.000 personas');
  });
});
