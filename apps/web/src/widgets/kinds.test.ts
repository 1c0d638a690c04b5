import { describe, expect, it } from 'vitest';
import { CHOOSABLE_KINDS, isEditable, isEditedInPlace, WIDGET_SETTINGS_SCREENS, widgetSettingsPath } from './kinds';

describe('widget kinds in the admin app', () => {
  it('offers what spec 02 §1 lets an empty column become, in its order', () => {
    expect(CHOOSABLE_KINDS).toEqual(['content', 'form', 'pressure', 'pressure-phone', 'donation']);
  });

  it('edits content in place and sends the form to its settings screens', () => {
    expect(isEditedInPlace('content')).toBe(true);
    expect(isEditedInPlace('form')).toBe(false);
    expect(widgetSettingsPath('form', 3, 7)).toBe('/mobilizations/3/widgets/7/form');
    expect(widgetSettingsPath('content', 3, 7)).toBeUndefined();
    expect(WIDGET_SETTINGS_SCREENS.map((s) => s.segment)).toEqual(['form', 'pressure', 'pressure-phone', 'donation']);
    expect(widgetSettingsPath('donation', 3, 7)).toBe('/mobilizations/3/widgets/7/donation');
    // The phone pressure has its own screens (Ajustes, Alvos, Pós-pressão), not the e-mail pressure's.
    expect(widgetSettingsPath('pressure-phone', 3, 7)).toBe('/mobilizations/3/widgets/7/pressure-phone');
  });

  it('offers no edit button for kinds with nothing to edit, nor for unknown or inherited names', () => {
    expect(isEditable('busao0800')).toBe(false);
    for (const kind of ['mystery', 'toString', '__proto__']) {
      expect(isEditable(kind)).toBe(false);
      expect(widgetSettingsPath(kind, 1, 1)).toBeUndefined();
    }
  });
});
