/**
 * The editor's keyboard shortcuts (spec 02 §4 lists what has one; the combinations are ours). `Mod` is Cmd on a Mac
 * and Ctrl elsewhere. They avoid what browsers keep for themselves (Ctrl+Shift+I/J/C open developer tools, Ctrl+N/T/W
 * windows and tabs) and the AltGr combinations that type letters on many keyboards.
 */
export type EditorAction =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'link'
  | 'embed'
  | 'image'
  | 'align-left'
  | 'align-center'
  | 'align-right'
  | 'unordered-list'
  | 'ordered-list'
  | 'indent'
  | 'outdent'
  | 'grid'
  | 'split-row'
  | 'font-size-up'
  | 'font-size-down'
  | 'font-family'
  | 'color'
  | 'save';

interface Combo {
  mod?: boolean;
  shift?: boolean;
  /** A letter, compared with the key the layout produced. */
  key?: string;
  /** A physical key, for digits and punctuation whose character changes with Shift. */
  code?: string;
}

export const HOTKEYS: Readonly<Record<EditorAction, Combo>> = {
  bold: { mod: true, key: 'b' },
  italic: { mod: true, key: 'i' },
  underline: { mod: true, key: 'u' },
  strikethrough: { mod: true, shift: true, key: 'x' },
  link: { mod: true, key: 'k' },
  embed: { mod: true, shift: true, key: 'm' },
  image: { mod: true, shift: true, key: 'u' },
  'align-left': { mod: true, shift: true, key: 'l' },
  'align-center': { mod: true, shift: true, key: 'e' },
  'align-right': { mod: true, shift: true, key: 'r' },
  'ordered-list': { mod: true, shift: true, code: 'Digit7' },
  'unordered-list': { mod: true, shift: true, code: 'Digit8' },
  indent: { key: 'tab' },
  outdent: { shift: true, key: 'tab' },
  grid: { mod: true, shift: true, key: 'g' },
  'split-row': { mod: true, shift: true, key: 'enter' },
  'font-size-up': { mod: true, shift: true, code: 'Period' },
  'font-size-down': { mod: true, shift: true, code: 'Comma' },
  'font-family': { mod: true, shift: true, key: 'f' },
  color: { mod: true, shift: true, key: 'h' },
  save: { mod: true, key: 's' },
};

export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

function matches(event: KeyLike, combo: Combo, mac: boolean): boolean {
  const mod = mac ? event.metaKey : event.ctrlKey;
  const otherMod = mac ? event.ctrlKey : event.metaKey;
  if (Boolean(combo.mod) !== mod || otherMod || event.altKey) return false;
  if (Boolean(combo.shift) !== event.shiftKey) return false;
  if (combo.code) return event.code === combo.code;
  return event.key.toLowerCase() === combo.key;
}

/** The action a key press asks for, if any. */
export function actionOf(event: KeyLike, mac = isMacPlatform()): EditorAction | undefined {
  for (const [action, combo] of Object.entries(HOTKEYS) as [EditorAction, Combo][]) {
    if (matches(event, combo, mac)) return action;
  }
  return undefined;
}

const CODE_LABELS: Record<string, string> = { Digit7: '7', Digit8: '8', Period: '.', Comma: ',' };

/** How a shortcut reads in a tooltip, e.g. "Ctrl+Shift+X" or "⌘+Shift+X". */
export function hotkeyLabel(action: EditorAction, mac = isMacPlatform()): string {
  const combo = HOTKEYS[action];
  const key = combo.code ? (CODE_LABELS[combo.code] ?? combo.code) : (combo.key ?? '');
  const parts = [
    combo.mod ? (mac ? '⌘' : 'Ctrl') : '',
    combo.shift ? 'Shift' : '',
    key.length === 1 ? key.toUpperCase() : key[0]?.toUpperCase() + key.slice(1),
  ];
  return parts.filter(Boolean).join('+');
}

/** The `aria-keyshortcuts` value (WAI-ARIA spelling). */
export function ariaKeyshortcuts(action: EditorAction, mac = isMacPlatform()): string {
  const combo = HOTKEYS[action];
  const key = combo.code ? (CODE_LABELS[combo.code] ?? combo.code) : (combo.key ?? '');
  const parts = [
    combo.mod ? (mac ? 'Meta' : 'Control') : '',
    combo.shift ? 'Shift' : '',
    key.length === 1 ? key.toUpperCase() : key[0]?.toUpperCase() + key.slice(1),
  ];
  return parts.filter(Boolean).join('+');
}
