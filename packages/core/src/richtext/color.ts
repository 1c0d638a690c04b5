import type { Rgba } from './model';

const NAMED: Record<string, [number, number, number]> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  yellow: [255, 255, 0],
  orange: [255, 165, 0],
  purple: [128, 0, 128],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  silver: [192, 192, 192],
  maroon: [128, 0, 0],
  navy: [0, 0, 128],
  teal: [0, 128, 128],
  olive: [128, 128, 0],
  fuchsia: [255, 0, 255],
  aqua: [0, 255, 255],
  lime: [0, 255, 0],
  pink: [255, 192, 203],
};

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A well-formed colour from any object with numeric r, g, b and optional a; undefined otherwise. */
export function toRgba(value: unknown): Rgba | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { r, g, b, a } = value as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  const [rn, gn, bn] = [num(r), num(g), num(b)];
  if (![rn, gn, bn].every(Number.isFinite)) return undefined;
  const an = a === undefined || a === null ? 1 : num(a);
  return {
    r: Math.round(clamp(rn, 0, 255)),
    g: Math.round(clamp(gn, 0, 255)),
    b: Math.round(clamp(bn, 0, 255)),
    a: Number.isFinite(an) ? Math.round(clamp(an, 0, 1) * 1000) / 1000 : 1,
  };
}

/** Parses a CSS colour: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), a bare "r,g,b,a" list, or a basic named colour. */
export function parseCssColor(input: string): Rgba | undefined {
  const value = input.trim().toLowerCase();
  const named = NAMED[value];
  if (named) return { r: named[0], g: named[1], b: named[2], a: 1 };
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 || hex.length === 4 ? [...hex].map((c) => c + c).join('') : hex;
    if (full.length !== 6 && full.length !== 8) return undefined;
    const byte = (i: number) => Number.parseInt(full.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: full.length === 8 ? Math.round((byte(6) / 255) * 1000) / 1000 : 1 };
  }
  const list = /^(?:rgba?\()?\s*([\d.]+)\s*[, ]\s*([\d.]+)\s*[, ]\s*([\d.]+)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)?$/.exec(
    value,
  );
  if (list) {
    const alpha = list[4]?.endsWith('%') ? Number.parseFloat(list[4]) / 100 : list[4];
    return toRgba({ r: list[1], g: list[2], b: list[3], a: alpha });
  }
  return undefined;
}

/** `rgba(r, g, b, a)` for CSS. */
export function rgbaToCss({ r, g, b, a }: Rgba): string {
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}
