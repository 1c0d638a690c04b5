import { createContext, useContext } from 'react';

/** An uploaded image's own size and its resized copies, as `srcset` candidates (the server's `uploads/variants.ts`). */
export interface PageImage {
  width: number;
  height: number;
  srcset: string;
}

/** The page's images that have resized copies, by address. Empty in the editor and in e-mails: originals only. */
export const PageImages = createContext<Readonly<Record<string, PageImage>>>({});

export function usePageImage(src: string | null | undefined): PageImage | undefined {
  const images = useContext(PageImages);
  return src && Object.hasOwn(images, src) ? images[src] : undefined;
}

/**
 * `sizes` for an image at most `width` CSS pixels wide: as wide as the screen below that (pages are one column on a
 * phone), so the browser picks the smallest copy that is sharp at the screen's pixel density.
 */
export const sizesFor = (width: number | undefined) => (width ? `(max-width: ${width}px) 100vw, ${width}px` : '100vw');
