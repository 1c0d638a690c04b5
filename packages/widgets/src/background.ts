import { rgbaToCss, safeImageSrc, toRgba } from '@mutirao/core';
import type { CSSProperties } from 'react';
import { toneOf } from './theme';

export interface BlockBackground {
  classNames: string[];
  style: CSSProperties;
}

const CLASS_TOKEN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** A URL inside CSS `url("…")`: quotes, backslashes and line breaks percent-encoded so it cannot end the string. */
function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r\f]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)}")`;
}

/**
 * A block's background from `bg_class` (a CSS class, such as a palette's bg-3, or JSON of {r,g,b,a}) and `bg_image`
 * (an image URL). A colour also picks the text tone that contrasts with it; palette classes carry their own.
 */
export function blockBackground(
  bgClass: string | null | undefined,
  bgImage: string | null | undefined,
): BlockBackground {
  const classNames: string[] = [];
  const style: CSSProperties = {};
  const raw = bgClass?.trim();
  if (raw) {
    let color: ReturnType<typeof toRgba>;
    if (raw.startsWith('{')) {
      try {
        color = toRgba(JSON.parse(raw));
      } catch {
        color = undefined;
      }
      if (color) {
        style.backgroundColor = rgbaToCss(color);
        classNames.push(`mz-tone-${toneOf(color)}`);
      }
    } else classNames.push(...raw.split(/\s+/).filter((token) => CLASS_TOKEN.test(token)));
  }
  const image = safeImageSrc(bgImage);
  if (image) {
    style.backgroundImage = cssUrl(image);
    classNames.push('mz-block--image');
  }
  return { classNames, style };
}
