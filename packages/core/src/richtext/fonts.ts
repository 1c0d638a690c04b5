/**
 * Font families offered by the block editor's font-family mark (spec 02 §3: "about 58 to 60 web font families, each
 * with weights and styles"). A text leaf stores `fontFamilyIndex`, an index into this list, so the order is part of
 * the stored format: only ever append.
 *
 * Every family is self-hosted from its `@fontsource/<package>` npm package (no third-party font CDN on public pages).
 */

export type FontCategory = 'sans-serif' | 'serif' | 'display' | 'handwriting' | 'monospace';

export interface RichTextFont {
  /** The CSS family name. */
  family: string;
  /** `@fontsource/<package>`. */
  package: string;
  category: FontCategory;
  weights: readonly number[];
  /** Whether the family has true italics (otherwise browsers slant it). */
  italic: boolean;
}

const font = (
  family: string,
  category: FontCategory,
  weights: readonly number[] = [400, 700],
  italic = true,
): RichTextFont => ({
  family,
  package: family.toLowerCase().replace(/\s+/g, '-'),
  category,
  weights,
  italic,
});

export const RICH_TEXT_FONTS: readonly RichTextFont[] = [
  font('Roboto', 'sans-serif'),
  font('Lato', 'sans-serif'),
  font('Open Sans', 'sans-serif'),
  font('Montserrat', 'sans-serif'),
  font('Lora', 'serif'),
  font('Merriweather', 'serif'),
  font('Merriweather Sans', 'sans-serif'),
  font('Oswald', 'sans-serif', [400, 700], false),
  font('Raleway', 'sans-serif'),
  font('Nunito Sans', 'sans-serif'),
  font('Nunito', 'sans-serif'),
  font('Poppins', 'sans-serif'),
  font('Source Sans 3', 'sans-serif'),
  font('Ubuntu', 'sans-serif'),
  font('PT Sans', 'sans-serif'),
  font('PT Serif', 'serif'),
  font('PT Mono', 'monospace', [400], false),
  font('Roboto Slab', 'serif', [400, 700], false),
  font('Roboto Condensed', 'sans-serif'),
  font('Roboto Mono', 'monospace'),
  font('Playfair Display', 'serif'),
  font('Arvo', 'serif'),
  font('Dosis', 'sans-serif', [400, 700], false),
  font('Fjalla One', 'sans-serif', [400], false),
  font('Bitter', 'serif'),
  font('Cabin', 'sans-serif'),
  font('Crimson Text', 'serif'),
  font('EB Garamond', 'serif'),
  font('Exo 2', 'sans-serif'),
  font('Fira Sans', 'sans-serif'),
  font('Inter', 'sans-serif', [400, 700], false),
  font('Josefin Sans', 'sans-serif'),
  font('Karla', 'sans-serif'),
  font('Libre Baskerville', 'serif'),
  font('Libre Franklin', 'sans-serif'),
  font('Mukta', 'sans-serif', [400, 700], false),
  font('Noto Sans', 'sans-serif'),
  font('Noto Serif', 'serif'),
  font('Work Sans', 'sans-serif'),
  font('Quicksand', 'sans-serif', [400, 700], false),
  font('Rubik', 'sans-serif'),
  font('Titillium Web', 'sans-serif'),
  font('Vollkorn', 'serif'),
  font('Zilla Slab', 'serif'),
  font('Abril Fatface', 'display', [400], false),
  font('Anton', 'display', [400], false),
  font('Bebas Neue', 'display', [400], false),
  font('Pacifico', 'handwriting', [400], false),
  font('Lobster', 'display', [400], false),
  font('Dancing Script', 'handwriting', [400, 700], false),
  font('Caveat', 'handwriting', [400, 700], false),
  font('Permanent Marker', 'handwriting', [400], false),
  font('Indie Flower', 'handwriting', [400], false),
  font('Righteous', 'display', [400], false),
  font('Alfa Slab One', 'display', [400], false),
  font('Space Mono', 'monospace'),
  font('Source Code Pro', 'monospace'),
  font('Inconsolata', 'monospace', [400, 700], false),
  font('Barlow', 'sans-serif'),
  font('Archivo', 'sans-serif'),
];

const GENERIC: Record<FontCategory, string> = {
  'sans-serif': 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  display: 'system-ui, sans-serif',
  handwriting: 'cursive',
  monospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
};

/** The font at `index`, or undefined when the index is out of range. */
export function fontAt(index: number | undefined): RichTextFont | undefined {
  return index === undefined || !Number.isInteger(index) ? undefined : RICH_TEXT_FONTS[index];
}

/** The index of a family by name (case-insensitive), or undefined. */
export function fontIndexOf(family: string): number | undefined {
  const wanted = family
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();
  const index = RICH_TEXT_FONTS.findIndex((f) => f.family.toLowerCase() === wanted);
  return index === -1 ? undefined : index;
}

/** Categories of the mobilization fonts (spec 01 §9) that are not in the editor's list. */
const OTHER_CATEGORIES: Record<string, FontCategory> = {
  armata: 'sans-serif',
  'droid sans': 'sans-serif',
  glegoo: 'serif',
  'source sans pro': 'sans-serif',
};

/** The category of a family, for its fallbacks; sans-serif when unknown. */
export function fontCategoryOf(family: string): FontCategory {
  const index = fontIndexOf(family);
  return index === undefined
    ? (OTHER_CATEGORIES[family.trim().toLowerCase()] ?? 'sans-serif')
    : (RICH_TEXT_FONTS[index]?.category ?? 'sans-serif');
}

/** Whether public pages serve the family (the editor's list, or a mobilization font). */
const isServedFont = (name: string) => fontIndexOf(name) !== undefined || name.toLowerCase() in OTHER_CATEGORIES;

/**
 * A CSS `font-family` value: the family, then, for the fonts pages serve, its fallback face (`'{family} Fallback'`, a
 * local font sized to the same metrics, which public pages declare), then fallbacks of its category. The name is
 * reduced to letters, digits, spaces and hyphens, so a stored value can never break out of the declaration.
 */
export function fontStack(family: string, category: FontCategory = fontCategoryOf(family)): string {
  const name = family.replace(/[^\p{L}\p{N} -]/gu, '').trim();
  if (!name) return GENERIC[category];
  return isServedFont(name) ? `"${name}", "${name} Fallback", ${GENERIC[category]}` : `"${name}", ${GENERIC[category]}`;
}
