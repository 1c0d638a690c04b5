import { parseCssColor, type Rgba } from '@mutirao/core/richtext';

/*
 * Colour schemes. A mobilization's `color_scheme` ('meurio-scheme') selects a palette once its '-scheme' suffix is
 * stripped (spec 02 §3). A palette gives the brand colour and the background classes a block's `bg_class` may name
 * (bg-1 … bg-8). Text colours are not stored: they are chosen here for contrast (WCAG AA, 4.5:1) against each
 * background, and link and navbar colours are darkened from the brand colour until they pass.
 */

export const BODY_TEXT = '#1f1f1f';
export const LIGHT_TEXT = '#ffffff';
export const BLACK_TEXT = '#000000';
export const DEFAULT_SCHEME = 'default';

interface PaletteSource {
  primary: string;
  /** bg-1 … bg-8, in order. */
  backgrounds: readonly string[];
}

const SOURCES: Record<string, PaletteSource> = {
  // Brand pink #ee0099 (spec 02 §9) is the default.
  default: {
    primary: '#ee0099',
    backgrounds: ['#ee0099', '#9c0064', '#222222', '#f4f4f4', '#ffffff', '#ffe3f3', '#50e3c2', '#1d3557'],
  },
  meurio: {
    primary: '#ee0099',
    backgrounds: ['#ee0099', '#c2007d', '#111111', '#f5f5f5', '#ffffff', '#fde2f1', '#00c1a6', '#2f2f6e'],
  },
  nossas: {
    primary: '#f45d48',
    backgrounds: ['#f45d48', '#b8321f', '#1b1b1b', '#f7f2ee', '#ffffff', '#ffe4dc', '#ffcf56', '#0b4f6c'],
  },
  minhasampa: {
    primary: '#7b3fa0',
    backgrounds: ['#7b3fa0', '#4b1f66', '#202020', '#f3eff7', '#ffffff', '#e9dcf4', '#f9c80e', '#15616d'],
  },
  bonde: {
    primary: '#0067c5',
    backgrounds: ['#0067c5', '#003f7a', '#1a1a1a', '#eef4fb', '#ffffff', '#d9ebfb', '#ffd23f', '#2a9d8f'],
  },
};

/** Relative luminance (WCAG 2). */
export function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A translucent colour as seen over a page background (white unless given). */
export function flatten(color: Rgba, under: Rgba = { r: 255, g: 255, b: 255, a: 1 }): Rgba {
  const mix = (top: number, bottom: number) => Math.round(top * color.a + bottom * (1 - color.a));
  return { r: mix(color.r, under.r), g: mix(color.g, under.g), b: mix(color.b, under.b), a: 1 };
}

const rgb = (hex: string): Rgba => parseCssColor(hex) ?? { r: 0, g: 0, b: 0, a: 1 };
export const toHex = ({ r, g, b }: Rgba) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

export type Tone = 'dark' | 'light' | 'black';

/**
 * The text tone for a background: 'dark' (white text), 'light' (the body's near-black) or, for the mid tones
 * where neither reaches 4.5:1, 'black'. White or black always reaches it, so every background gets AA text.
 */
export function toneOf(background: Rgba): Tone {
  const flat = flatten(background);
  const white = contrastRatio(flat, rgb(LIGHT_TEXT));
  const body = contrastRatio(flat, rgb(BODY_TEXT));
  if (white >= body) return white >= 4.5 || white >= contrastRatio(flat, rgb(BLACK_TEXT)) ? 'dark' : 'black';
  return body >= 4.5 ? 'light' : 'black';
}

export const TONE_TEXT: Record<Tone, string> = { dark: LIGHT_TEXT, light: BODY_TEXT, black: BLACK_TEXT };

/** The colour darkened step by step until it reaches `ratio` against `against`. */
export function darkenUntil(color: string, against: string, ratio = 4.5): string {
  let c = rgb(color);
  const target = rgb(against);
  for (let i = 0; i < 40 && contrastRatio(c, target) < ratio; i++) {
    c = { r: Math.round(c.r * 0.92), g: Math.round(c.g * 0.92), b: Math.round(c.b * 0.92), a: 1 };
  }
  return toHex(c);
}

export interface Palette {
  name: string;
  primary: string;
  /** Link colour on light backgrounds. */
  link: string;
  /** Navbar background, dark enough for white text. */
  navbar: string;
  backgrounds: { className: string; color: string; text: string }[];
}

function buildPalette(name: string, source: PaletteSource): Palette {
  return {
    name,
    primary: source.primary,
    link: darkenUntil(source.primary, LIGHT_TEXT),
    navbar: darkenUntil(source.primary, LIGHT_TEXT),
    backgrounds: source.backgrounds.map((color, i) => ({
      className: `bg-${i + 1}`,
      color,
      text: TONE_TEXT[toneOf(rgb(color))],
    })),
  };
}

// Pure: computed at import, the palettes kept this whole module in the public island bundle, which uses none of it.
export const PALETTES: readonly Palette[] = /* @__PURE__ */ Object.entries(SOURCES).map(([name, source]) =>
  buildPalette(name, source),
);

/** The palette name for a stored colour scheme; the default for none or an unknown one. */
export function schemeName(colorScheme: string | null | undefined): string {
  const name = (colorScheme ?? '')
    .trim()
    .toLowerCase()
    .replace(/-scheme$/, '');
  return PALETTES.some((p) => p.name === name) ? name : DEFAULT_SCHEME;
}
