import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MOBILIZATION_FONT_FILES, RICH_TEXT_FONTS } from '@mutirao/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getByHost, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';
import { FONT_FALLBACKS } from './fontFallbacks.generated';

const SERVED = [...RICH_TEXT_FONTS, ...Object.values(MOBILIZATION_FONT_FILES)];

interface Font {
  unitsPerEm: number;
  hhea: { ascent: number; descent: number; lineGap: number };
}
// fontkit ships no types; only these fields are read. (The name is a variable so the compiler does not look for them.)
const fontkitName = 'fontkit';
const fontkit = (await import(fontkitName)) as { openSync(path: string): Font };
const require = createRequire(import.meta.url);

let server: TestServer;
let html: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await createUser(server.ctx.db, { email: 'fonts@example.org' });
  const community = await createCommunity(server.ctx.db, { name: 'Letras', ownerId: user.id });
  await createMobilization(server.ctx.db, {
    communityId: community.id,
    userId: user.id,
    name: 'Letras certas',
    slug: 'letras-certas',
    headerFont: 'Merriweather',
    bodyFont: 'Lato',
    blocks: [{ name: 'Texto', widgets: [{ kind: 'content' }] }],
  });
  html = (await getByHost(server, 'letras-certas.localhost')).body.toString('utf8');
});
afterAll(() => server.close());

describe('fallback fonts with the web fonts’ metrics', () => {
  it('declares each of the page’s fonts’ fallback face with the computed overrides', () => {
    expect(html).toContain(
      "@font-face{font-family:'Lato Fallback';src:local('Arial'),local('Liberation Sans'),local('Arimo');" +
        `size-adjust:${FONT_FALLBACKS.Lato?.sizeAdjust}%;ascent-override:${FONT_FALLBACKS.Lato?.ascent}%;` +
        `descent-override:${FONT_FALLBACKS.Lato?.descent}%;line-gap-override:${FONT_FALLBACKS.Lato?.lineGap}%}`,
    );
    const serif = FONT_FALLBACKS.Merriweather;
    expect(html).toContain(
      "@font-face{font-family:'Merriweather Fallback';src:local('Times New Roman'),local('Liberation Serif')," +
        `local('Tinos');size-adjust:${serif?.sizeAdjust}%;ascent-override:${serif?.ascent}%;`,
    );
    expect(html).not.toContain("'Roboto Fallback'");
  });

  it('puts the fallback right after the web font in the page’s font stacks', () => {
    expect(html).toContain('--mz-body-font:&quot;Lato&quot;, &quot;Lato Fallback&quot;, system-ui');
    expect(html).toContain('--mz-header-font:&quot;Merriweather&quot;, &quot;Merriweather Fallback&quot;, Georgia');
  });

  it('has a fallback for every font a page can load, computed from its real file', () => {
    for (const font of SERVED) {
      const fallback = FONT_FALLBACKS[font.family];
      expect(fallback, font.family).toBeDefined();
      if (!fallback) continue;
      const dir = join(dirname(require.resolve(`@fontsource/${font.package}/package.json`)), 'files');
      const weight = font.weights.includes(400) ? 400 : font.weights[0];
      const file = fontkit.openSync(join(dir, `${font.package}-latin-${weight}-normal.woff2`));
      // The overrides are the web font's own line metrics divided by the size adjustment.
      const scale = fallback.sizeAdjust / 100;
      expect(fallback.ascent * scale).toBeCloseTo((100 * file.hhea.ascent) / file.unitsPerEm, 0);
      expect(fallback.descent * scale).toBeCloseTo((-100 * file.hhea.descent) / file.unitsPerEm, 0);
      expect(fallback.lineGap * scale).toBeCloseTo((100 * file.hhea.lineGap) / file.unitsPerEm, 0);
      expect(fallback.sizeAdjust).toBeGreaterThan(50);
      expect(fallback.sizeAdjust).toBeLessThan(160);
    }
  });
});
