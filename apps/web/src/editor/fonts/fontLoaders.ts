import { fontFileUrl, RICH_TEXT_FONTS, type RichTextFont } from '@mutirao/core';

/**
 * One loader per family of core's RICH_TEXT_FONTS, derived from that list (nothing to keep in step by hand): the
 * Latin subset (Portuguese, Spanish and English) of each weight and style the family has, as the same self-hosted
 * files public pages use, from this server's `/_fonts/` (`fontFileUrl`). A family is downloaded only when a text
 * shows it or the font menu previews it, and the editor renders with exactly the files visitors get.
 */
function loaderOf(font: RichTextFont): () => Promise<unknown> {
  const styles = font.italic ? (['normal', 'italic'] as const) : (['normal'] as const);
  return () =>
    Promise.all(
      font.weights.flatMap((weight) =>
        styles.map((style) => {
          const source = `url(${fontFileUrl(font, weight, style)}) format('woff2')`;
          const face = new FontFace(font.family, source, { weight: String(weight), style });
          document.fonts.add(face);
          return face.load();
        }),
      ),
    );
}

export const FONT_LOADERS: Readonly<Record<string, () => Promise<unknown>>> = Object.fromEntries(
  RICH_TEXT_FONTS.map((font) => [font.family, loaderOf(font)]),
);
