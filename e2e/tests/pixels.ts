import type { Locator, Page } from '@playwright/test';

/** Fonts in, images decoded, nothing focused or hovered: the page as it rests. */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  await page.mouse.move(0, 0);
}

/**
 * A screenshot of the page's block area. Embeds are masked: what a third party's frame draws (here, an offline
 * video player) is not the page's to match, but the box it takes is, and the mask paints exactly that box.
 */
export function shootBlocks(page: Page): Promise<Buffer> {
  const area: Locator = page.locator('.mz-blocks');
  return area.screenshot({ mask: [page.locator('.mz-embed iframe')], animations: 'disabled', caret: 'hide' });
}

export interface PixelDiff {
  width: number;
  height: number;
  otherWidth: number;
  otherHeight: number;
  /** Pixels where some channel differs by more than the tolerance. */
  different: number;
  /** The first row where they differ, or -1. */
  firstRow: number;
}

/**
 * Compares two PNGs pixel by pixel in the browser (canvas), with no image library: a pixel counts as different when
 * any channel differs by more than `tolerance` (image resampling and text antialiasing move a few levels, never more).
 */
export async function comparePngs(page: Page, a: Buffer, b: Buffer, tolerance = 32): Promise<PixelDiff> {
  return page.evaluate(
    async ([srcA, srcB, tol]) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.onerror = reject;
          img.src = src;
        });
      const [ia, ib] = await Promise.all([load(srcA as string), load(srcB as string)]);
      const pixels = (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, img.width, img.height).data;
      };
      const result = {
        width: ia.width,
        height: ia.height,
        otherWidth: ib.width,
        otherHeight: ib.height,
        different: 0,
        firstRow: -1,
      };
      if (ia.width !== ib.width || ia.height !== ib.height) return result;
      const da = pixels(ia);
      const db = pixels(ib);
      for (let i = 0; i < da.length; i += 4) {
        const delta = Math.max(
          Math.abs((da[i] ?? 0) - (db[i] ?? 0)),
          Math.abs((da[i + 1] ?? 0) - (db[i + 1] ?? 0)),
          Math.abs((da[i + 2] ?? 0) - (db[i + 2] ?? 0)),
        );
        if (delta > (tol as number)) {
          result.different += 1;
          if (result.firstRow < 0) result.firstRow = Math.floor(i / 4 / ia.width);
        }
      }
      return result;
    },
    [
      `data:image/png;base64,${a.toString('base64')}`,
      `data:image/png;base64,${b.toString('base64')}`,
      tolerance,
    ] as const,
  );
}
