import { describe, expect, it } from 'vitest';
import { bgClassOfColor, colorOfBgClass } from './background';

describe('block backgrounds', () => {
  it('store a colour as JSON of r, g, b, a and read it back', () => {
    const color = { r: 238, g: 0, b: 153, a: 0.5 };
    expect(bgClassOfColor(color)).toBe('{"r":238,"g":0,"b":153,"a":0.5}');
    expect(colorOfBgClass(bgClassOfColor(color))).toEqual(color);
  });

  it('read older values: a missing alpha is opaque; a CSS class is no colour', () => {
    expect(colorOfBgClass('{"r":1,"g":2,"b":3}')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(colorOfBgClass('bg-3')).toBeUndefined();
    expect(colorOfBgClass(null)).toBeUndefined();
  });
});
