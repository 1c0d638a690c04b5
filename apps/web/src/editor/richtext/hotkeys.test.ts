import { describe, expect, it } from 'vitest';
import { actionOf, ariaKeyshortcuts, type EditorAction, HOTKEYS, hotkeyLabel, type KeyLike } from './hotkeys';

const press = (key: string, mods: Partial<KeyLike> = {}, code = ''): KeyLike => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('editor shortcuts', () => {
  it('has one for everything spec 02 §4 names', () => {
    const needed: EditorAction[] = [
      'bold',
      'italic',
      'underline',
      'strikethrough',
      'link',
      'embed',
      'align-left',
      'align-center',
      'align-right',
      'unordered-list',
      'ordered-list',
      'grid',
      'split-row',
      'font-size-up',
      'font-size-down',
      'image',
      'save',
    ];
    // Pressing each action's own combination, as a keyboard would send it, must trigger that action on both
    // platforms: a missing, shadowed or unreachable shortcut fails here.
    for (const action of needed) {
      const combo = HOTKEYS[action];
      const key = combo.key === 'enter' ? 'Enter' : combo.key === 'tab' ? 'Tab' : (combo.key ?? '');
      const shifted = combo.shift && key.length === 1 ? key.toUpperCase() : key;
      for (const mac of [false, true]) {
        const mods = {
          shiftKey: Boolean(combo.shift),
          ...(combo.mod ? (mac ? { metaKey: true } : { ctrlKey: true }) : {}),
        };
        expect(actionOf(press(shifted || '§', mods, combo.code ?? ''), mac), `${action} on mac=${mac}`).toBe(action);
      }
    }
  });

  it('never gives two actions the same keys', () => {
    const seen = new Set(Object.values(HOTKEYS).map((c) => JSON.stringify(c)));
    expect(seen.size).toBe(Object.keys(HOTKEYS).length);
  });

  it('reads Ctrl on Windows and Linux, Cmd on a Mac', () => {
    expect(actionOf(press('b', { ctrlKey: true }), false)).toBe('bold');
    expect(actionOf(press('b', { metaKey: true }), false)).toBeUndefined();
    expect(actionOf(press('b', { metaKey: true }), true)).toBe('bold');
    expect(actionOf(press('s', { metaKey: true }), true)).toBe('save');
    expect(actionOf(press('S', { ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
  });

  it('tells Shift combinations apart and reads digits and punctuation by their key position', () => {
    expect(actionOf(press('U', { ctrlKey: true, shiftKey: true }), false)).toBe('image');
    expect(actionOf(press('u', { ctrlKey: true }), false)).toBe('underline');
    expect(actionOf(press('&', { ctrlKey: true, shiftKey: true }, 'Digit7'), false)).toBe('ordered-list');
    expect(actionOf(press('>', { ctrlKey: true, shiftKey: true }, 'Period'), false)).toBe('font-size-up');
    expect(actionOf(press('Tab'), false)).toBe('indent');
    expect(actionOf(press('Tab', { shiftKey: true }), false)).toBe('outdent');
    expect(actionOf(press('b', { ctrlKey: true, altKey: true }), false)).toBeUndefined();
  });

  it('labels shortcuts for tooltips and assistive technology', () => {
    expect(hotkeyLabel('strikethrough', false)).toBe('Ctrl+Shift+X');
    expect(hotkeyLabel('bold', true)).toBe('⌘+B');
    expect(ariaKeyshortcuts('font-size-up', false)).toBe('Control+Shift+.');
    expect(ariaKeyshortcuts('save', true)).toBe('Meta+S');
  });
});
