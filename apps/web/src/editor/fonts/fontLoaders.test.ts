import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RICH_TEXT_FONTS } from '@mutirao/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FONT_LOADERS } from './fontLoaders';
import { fontIndexesIn } from './loadFont';

/** The faces a loader registers with the document, as a browser's FontFace API would receive them. */
function recordFaces() {
  const faces: { family: string; source: string; weight?: string; style?: string; loaded: boolean }[] = [];
  class RecordingFontFace {
    readonly entry: (typeof faces)[number];
    constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
      this.entry = { family, source, weight: descriptors.weight, style: descriptors.style, loaded: false };
    }
    load() {
      this.entry.loaded = true;
      return Promise.resolve(this);
    }
  }
  vi.stubGlobal('FontFace', RecordingFontFace);
  vi.stubGlobal('document', { fonts: { add: (face: RecordingFontFace) => faces.push(face.entry) } });
  return faces;
}

afterEach(() => vi.unstubAllGlobals());

describe('font loaders', () => {
  it('load every weight and style of each family of core’s list from files the server really serves', async () => {
    const require = createRequire(import.meta.url);
    for (const font of RICH_TEXT_FONTS) {
      const faces = recordFaces();
      await FONT_LOADERS[font.family]?.();
      const styles = font.italic ? ['normal', 'italic'] : ['normal'];
      expect(faces.map((f) => `${f.weight} ${f.style}`).sort(), font.family).toEqual(
        font.weights.flatMap((w) => styles.map((s) => `${w} ${s}`)).sort(),
      );
      // `/_fonts/{package}/{file}` is served from `@fontsource/{package}/files/{file}` (apps/server/src/public/fonts.ts).
      const files = join(dirname(require.resolve(`@fontsource/${font.package}/package.json`)), 'files');
      for (const face of faces) {
        expect(face.family).toBe(font.family);
        expect(face.loaded).toBe(true);
        const file = new RegExp(
          `^url\\(/_fonts/${font.package}/(${font.package}-latin-\\d{3}-(?:normal|italic)\\.woff2)\\)`,
        ).exec(face.source)?.[1];
        expect(file && existsSync(join(files, file)), face.source).toBe(true);
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
