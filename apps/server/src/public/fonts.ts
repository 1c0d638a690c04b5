import { createReadStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MOBILIZATION_FONT_FILES, RICH_TEXT_FONTS, type RichTextFont } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { typed } from '../http/typed';
import { FONT_FALLBACKS, type FontFallback } from './fontFallbacks.generated';

/*
 * Public pages use self-hosted fonts only: the woff2 files of the `@fontsource/*` packages, served from this
 * server under /_fonts/, with @font-face rules for the families a page actually uses. No font CDN sees visitors.
 */

/** Latin and Latin Extended cover Portuguese and Spanish; other subsets are not offered. */
const SUBSETS = {
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  'latin-ext':
    'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
} as const;

/** The editor's families and the header and body fonts of spec 01 §9 (some of which only the latter offer). */
const ALL_FONTS = [...RICH_TEXT_FONTS, ...Object.values(MOBILIZATION_FONT_FILES)];
const byFamily = new Map(ALL_FONTS.map((f) => [f.family.toLowerCase(), f]));
const byPackage = new Map(ALL_FONTS.map((f) => [f.package, f]));
const require = createRequire(import.meta.url);

/** The folder of a font package's files, if it is installed. */
function filesDir(font: RichTextFont): string | undefined {
  try {
    return join(dirname(require.resolve(`@fontsource/${font.package}/package.json`)), 'files');
  } catch {
    return undefined;
  }
}

/** Local fonts by kind, each listed with its metric-compatible twins (same widths and heights) found on Linux. */
const LOCAL_FONTS: Record<FontFallback['local'], string> = {
  sans: "local('Arial'),local('Liberation Sans'),local('Arimo')",
  serif: "local('Times New Roman'),local('Liberation Serif'),local('Tinos')",
  mono: "local('Courier New'),local('Liberation Mono'),local('Cousine')",
};

/**
 * The family's fallback face, `'{family} Fallback'`, which font stacks name right after the web font (`fontStack`):
 * a local font resized and given the web font's line metrics (computed from its files by
 * `scripts/font-fallbacks.mjs`), so text set in it takes the same room and nothing moves if the web font is used later.
 */
export function fallbackFaceCss(family: string): string {
  const m = Object.hasOwn(FONT_FALLBACKS, family) ? FONT_FALLBACKS[family] : undefined;
  if (!m) return '';
  return (
    `@font-face{font-family:'${family} Fallback';src:${LOCAL_FONTS[m.local]};size-adjust:${m.sizeAdjust}%;` +
    `ascent-override:${m.ascent}%;descent-override:${m.descent}%;line-gap-override:${m.lineGap}%}`
  );
}

/**
 * `@font-face` rules for the given families (unknown names are left to the browser's fallbacks). `base` puts the
 * server's address before the files' (an embedded widget's fonts, loaded by another site's page). `optional`: a font
 * that has not arrived by the first paint is not swapped in later, so text never jumps under the visitor's eyes
 * (layout shift); it is cached for the next page. The fonts are not preloaded: in Chromium a preloaded `optional`
 * font held the first paint back by one or two seconds in about half of the Lighthouse runs (docs/bench.md).
 */
export function fontFaceCss(families: readonly string[], base = ''): string {
  const rules: string[] = [];
  for (const name of families) {
    const font = byFamily.get(name.trim().toLowerCase());
    const dir = font && filesDir(font);
    if (!font || !dir) continue;
    rules.push(fallbackFaceCss(font.family));
    for (const weight of font.weights) {
      for (const style of font.italic ? ['normal', 'italic'] : ['normal']) {
        for (const [subset, range] of Object.entries(SUBSETS)) {
          const file = `${font.package}-${subset}-${weight}-${style}.woff2`;
          if (!existsSync(join(dir, file))) continue;
          rules.push(
            `@font-face{font-family:'${font.family}';font-style:${style};font-weight:${weight};font-display:optional;` +
              `src:url(${base}/_fonts/${font.package}/${file}) format('woff2');unicode-range:${range}}`,
          );
        }
      }
    }
  }
  return rules.join('');
}

const FILE = /^[a-z0-9-]+-(?:latin|latin-ext)-\d{3}-(?:normal|italic)\.woff2$/;

/** `/_fonts/{package}/{file}.woff2`: only files of the offered families, cached for a year. */
export function fontRoutes(app: FastifyInstance) {
  const params = z.object({ pkg: z.string(), file: z.string() });
  typed(app).get('/_fonts/:pkg/:file', { schema: { params } }, async (request, reply) => {
    const { pkg, file } = request.params;
    const font = byPackage.get(pkg);
    const dir = font && FILE.test(file) && file.startsWith(`${pkg}-`) ? filesDir(font) : undefined;
    const path = dir && join(dir, file);
    if (!path || !existsSync(path)) return reply.status(404).send();
    return reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(createReadStream(path));
  });
}
