import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RICH_TEXT_FONTS } from '@mutirao/core';
import { describe, expect, it } from 'vitest';
import { FONT_LOADERS } from './fontLoaders';
import { fontIndexesIn } from './loadFont';

const source = new URL('./fontLoaders.ts', import.meta.url);

describe('font loaders', () => {
  it('cover exactly the families of core’s font list', () => {
    expect(Object.keys(FONT_LOADERS).sort()).toEqual(RICH_TEXT_FONTS.map((f) => f.family).sort());
  });

  it('point at files the @fontsource packages really ship, for every weight and style of each family', async () => {
    const text = await import('node:fs').then((fs) => fs.readFileSync(source, 'utf8'));
    const require = createRequire(import.meta.url);
    for (const font of RICH_TEXT_FONTS) {
      const root = dirname(require.resolve(`@fontsource/${font.package}/package.json`));
      for (const weight of font.weights) {
        const files = [`latin-${weight}.css`, ...(font.italic ? [`latin-${weight}-italic.css`] : [])];
        for (const file of files) {
          expect(existsSync(join(root, file)), `${font.package}/${file}`).toBe(true);
          expect(text, `${font.family} loads ${file}`).toContain(`'@fontsource/${font.package}/${file}'`);
        }
      }
    }
  });

  it('finds the fonts a document uses', () => {
    const doc = [
      {
        type: 'paragraph',
        children: [
          { text: 'a', fontFamilyIndex: 2 },
          { type: 'link', children: [{ text: 'b', fontFamilyIndex: 5 }] },
        ],
      },
      { type: 'paragraph', children: [{ text: 'c' }] },
    ];
    expect([...fontIndexesIn(doc)].sort()).toEqual([2, 5]);
  });
});
