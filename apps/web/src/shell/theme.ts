import {
  Alert,
  Anchor,
  Badge,
  Button,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  Modal,
  MultiSelect,
  NativeSelect,
  Notification,
  PasswordInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { BRAND } from '@mutirao/core';
import focusClasses from './focus.module.css';

/**
 * Shade 6 is the brand pink #ee0099. On white it reaches only 4.1:1, short of WCAG AA for body text, so
 * filled buttons, links and text use shade 7 (#c4007e, 5.7:1) and the brand shade is kept for accents.
 */
const brand: MantineColorsTuple = [
  '#ffe6f5',
  '#ffcdea',
  '#ff9ad4',
  '#ff63bd',
  '#ff36a9',
  '#ff1a9d',
  BRAND.primary,
  '#c4007e',
  '#a0006a',
  '#7a0051',
];

/** Success #50e3c2 is 1.6:1 on white: an accent (toast bars) only; text uses shade 7 or darker. */
const success: MantineColorsTuple = [
  '#e6fcf6',
  '#c3f7e9',
  '#9df1da',
  '#7aebcc',
  '#63e7c6',
  '#59e5c4',
  BRAND.success,
  '#0b7a60',
  '#086650',
  '#05503f',
];

/** Error #FF2B4E is 3.7:1 on white: an accent; error text uses shade 8 (#c4001f, 6.1:1). */
const danger: MantineColorsTuple = [
  '#ffe8ec',
  '#ffd0d8',
  '#ffa1b1',
  '#ff7088',
  '#ff4866',
  '#ff3558',
  BRAND.error,
  '#e0002a',
  '#c4001f',
  '#9c0018',
];

const focusRingClass = focusClasses.ring;

const fontFamily = `'${BRAND.bodyFont}', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

/**
 * The theme, with the labels Mantine would otherwise give in English or not at all: `showCharacters` for the password
 * toggle, `close` for the close buttons of dialogs and dismissable alerts.
 */
export const appTheme = ({ showCharacters, close }: { showCharacters: string; close: string }) =>
  createTheme({
    // Those who ask their system for less motion get no fades or slides (and the journeys, which ask too, measure
    // contrast on finished dialogs rather than half-faded ones).
    respectReducedMotion: true,
    primaryColor: 'brand',
    primaryShade: { light: 7, dark: 6 },
    colors: { brand, success, danger, red: danger },
    fontFamily,
    headings: { fontFamily, fontWeight: '800' },
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
    components: {
      // Links inside sentences must not rely on colour alone (WCAG 1.4.1).
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      // A button or a badge in a crowded row keeps its whole label: it wraps to the next line or pushes the title
      // over, instead of shrinking until 'Entrar' reads 'Entra' on a 390 px phone. The label is not clipped either:
      // glyphs may paint a fraction of a pixel past the width the layout measured, and the last letter went.
      Button: Button.extend({ styles: { root: { flexShrink: 0, maxWidth: '100%' }, label: { overflow: 'visible' } } }),
      Badge: Badge.extend({ styles: { root: { flexShrink: 0 }, label: { overflow: 'visible' } } }),
      Alert: Alert.extend({ defaultProps: { closeButtonLabel: close } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
      // Nearly every field is required, so asterisks would be noise; `required` still sets aria-required, and a
      // label's text stays exactly the field's name.
      // The description under a toast's title is gray 6 by default (3.3:1).
      Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-7)' } } }),
      TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
      // A native select (the language switch) shows only a faint border colour on focus: give it the focus ring too.
      NativeSelect: NativeSelect.extend({ classNames: { input: focusRingClass } }),
      Textarea: Textarea.extend({ defaultProps: { withAsterisk: false } }),
      MultiSelect: MultiSelect.extend({ defaultProps: { withAsterisk: false } }),
      PasswordInput: PasswordInput.extend({
        // Mantine keeps the show-password toggle out of the tab order and names it 'Toggle password visibility'. Its
        // name here leaves out the word for password, so it never shares the field's name.
        defaultProps: { withAsterisk: false, visibilityToggleButtonProps: { 'aria-label': showCharacters } },
      }),
    },
  });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's defaults (gray 6, red 6) fall below 4.5:1 on white.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-danger-8)',
  },
  dark: {},
});
