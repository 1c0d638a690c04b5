import { parseCssColor, type Rgba, rgbaToCss } from '@mutirao/core';

/**
 * A block's background (spec 01 §3): `bg_class` holds a CSS class or JSON of {r,g,b,a}; `bg_image` an image URL.
 * The editor writes colours as JSON; classes from older pages are kept as they are.
 */
export interface BlockBackground {
  bg_class: string | null;
  bg_image: string | null;
}

/** The colour in `bg_class`, when it holds one. */
export function colorOfBgClass(bgClass: string | null | undefined): Rgba | undefined {
  if (!bgClass) return undefined;
  try {
    const value = JSON.parse(bgClass) as Partial<Rgba>;
    if ([value.r, value.g, value.b].every((n) => typeof n === 'number')) {
      return {
        r: Number(value.r),
        g: Number(value.g),
        b: Number(value.b),
        a: typeof value.a === 'number' ? value.a : 1,
      };
    }
  } catch {
    return parseCssColor(bgClass);
  }
  return undefined;
}

export function bgClassOfColor(color: Rgba): string {
  return JSON.stringify({ r: color.r, g: color.g, b: color.b, a: color.a });
}

/** Background colour presets: white, greys, the brand pink and its calmer neighbours, and dark tones. */
export const BACKGROUND_PRESETS: readonly Rgba[] = [
  { r: 255, g: 255, b: 255, a: 1 },
  { r: 245, g: 245, b: 245, a: 1 },
  { r: 224, g: 224, b: 224, a: 1 },
  { r: 51, g: 51, b: 51, a: 1 },
  { r: 0, g: 0, b: 0, a: 1 },
  { r: 238, g: 0, b: 153, a: 1 },
  { r: 255, g: 230, b: 245, a: 1 },
  { r: 80, g: 227, b: 194, a: 1 },
  { r: 84, g: 208, b: 246, a: 1 },
  { r: 242, g: 51, b: 146, a: 1 },
  { r: 255, g: 199, b: 44, a: 1 },
  { r: 32, g: 58, b: 130, a: 1 },
];

export const rgbaCss = rgbaToCss;
