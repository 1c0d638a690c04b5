import { fontCategoryOf, RICH_TEXT_FONTS, type RichTextFont } from './richtext/fonts';
import { MOBILIZATION_FONTS, type MobilizationFont } from './schemas/mobilizations';

/** Packages and weights of the mobilization fonts that the editor's font list does not already carry. */
const OWN_FILES: Partial<Record<MobilizationFont, Pick<RichTextFont, 'package' | 'weights' | 'italic'>>> = {
  Armata: { package: 'armata', weights: [400], italic: false },
  Glegoo: { package: 'glegoo', weights: [400, 700], italic: false },
  // Source Sans Pro was renamed Source Sans 3 (Adobe, 2021): the editor's font list already carries its files.
  'Source Sans Pro': { package: 'source-sans-3', weights: [400, 700], italic: true },
  // Droid Sans is no longer distributed; Noto Sans is its published successor, drawn from the same design.
  'Droid Sans': { package: 'noto-sans', weights: [400, 700], italic: true },
};

/**
 * How each header and body font of spec 01 §9 is self-hosted: the family name pages declare and the
 * `@fontsource/<package>` files behind it. Public pages and the settings preview load these from this server only.
 */
export const MOBILIZATION_FONT_FILES: Readonly<Record<MobilizationFont, RichTextFont>> = Object.fromEntries(
  MOBILIZATION_FONTS.map((family) => {
    const shared = RICH_TEXT_FONTS.find((f) => f.family === family);
    const own = OWN_FILES[family];
    const font = own ? { family, category: fontCategoryOf(family), ...own } : shared;
    // Every family must have files: a font the list offers but no page can load would be a silent fallback.
    if (!font) throw new Error(`no font files for ${family}`);
    return [family, font];
  }),
) as Record<MobilizationFont, RichTextFont>;

/** The URL of one self-hosted font file, as the server's `/_fonts/` route serves it. */
export function fontFileUrl(font: RichTextFont, weight = 400, style: 'normal' | 'italic' = 'normal', subset = 'latin') {
  return `/_fonts/${font.package}/${font.package}-${subset}-${weight}-${style}.woff2`;
}
