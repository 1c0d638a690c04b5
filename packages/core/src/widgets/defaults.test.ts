import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n';
import { parseContent, plainText } from '../richtext';
import { WIDGET_KIND_DEFINITIONS, type WidgetKindDefinition, widgetDefaults } from './definitions';
import { donationValues } from './donationRules';
import { parseFormFields } from './form';
import { WIDGET_KINDS } from './kinds';

/** Every key's own schema, then the rules across keys, as the server checks a save. */
function problems(kind: (typeof WIDGET_KINDS)[number], settings: Record<string, unknown>) {
  const definition: WidgetKindDefinition = WIDGET_KIND_DEFINITIONS[kind];
  const found: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(definition.settings)) {
    const result = schema.safeParse(settings[key]);
    if (key in settings && !result.success) found[key] = result.error.issues.map((i) => i.message);
  }
  return { ...found, ...definition.check?.(settings, {}) };
}

describe('a new widget’s defaults', () => {
  it('pass their kind’s own rules in every language, so the tabs save as they open', () => {
    for (const locale of LOCALES)
      for (const kind of WIDGET_KINDS)
        expect(problems(kind, widgetDefaults(kind, locale)), `${kind} ${locale}`).toEqual({});
  });

  it('give every action widget a title, a button and the share screen, in the page’s language', () => {
    for (const kind of ['form', 'pressure', 'pressure-phone', 'donation'] as const) {
      const pt = widgetDefaults(kind, 'pt-BR');
      expect(pt).toMatchObject({ finish_message_type: 'share', call_to_action: expect.any(String) });
      expect(String(pt.button_text).length).toBeGreaterThan(0);
      expect(String(pt.whatsapp_text).length).toBeGreaterThan(0);
      expect(widgetDefaults(kind, 'es').call_to_action).not.toBe(pt.call_to_action);
    }
    expect(widgetDefaults('form', 'pt-BR').button_text).toBe('Assinar');
    expect(widgetDefaults('form', 'es').button_text).toBe('Firmar');
  });

  it('start a form with Nome, Sobrenome and E-mail, a donation with five amounts, content empty', () => {
    const fields = parseFormFields(widgetDefaults('form', 'pt-BR').fields);
    expect(fields.map((f) => [f.label, f.kind, f.required])).toEqual([
      ['Nome', 'text', 'true'],
      ['Sobrenome', 'text', 'false'],
      ['E-mail', 'email', 'true'],
    ]);
    expect(new Set(fields.map((f) => f.uid)).size).toBe(3);
    const donation = widgetDefaults('donation', 'pt-BR');
    expect(donationValues(donation)).toHaveLength(5);
    expect(donation).toMatchObject({ payment_type: 'unique', default_donation_value: 1 });
    const { document } = parseContent(widgetDefaults('content', 'es').content);
    expect(plainText(document)).toBe('');
    expect(widgetDefaults('pressure', 'pt-BR').targets).toBeUndefined();
    expect(widgetDefaults('draft', 'pt-BR')).toEqual({});
  });
});
