import { describe, expect, it } from 'vitest';
import { BLOCK_LAYOUTS, columnsOf } from './layouts';

describe('block layouts', () => {
  it('offer the five layouts of spec 01 §3 by their large sizes', () => {
    expect(BLOCK_LAYOUTS.map((l) => l.columns.map((c) => c.lg_size).join('/'))).toEqual([
      '12',
      '6/6',
      '4/4/4',
      '4/8',
      '3/3/3/3',
    ]);
  });

  it('fill the row at every size: phones stack (sm 12), four columns go two by two on medium screens', () => {
    for (const layout of BLOCK_LAYOUTS) {
      expect(layout.columns.every((c) => c.sm_size === 12)).toBe(true);
      expect(layout.columns.reduce((sum, c) => sum + c.lg_size, 0)).toBe(12);
      expect(layout.columns.reduce((sum, c) => sum + c.md_size, 0) % 12).toBe(0);
    }
    expect(BLOCK_LAYOUTS.find((l) => l.id === '3-3-3-3')?.columns.map((c) => c.md_size)).toEqual([6, 6, 6, 6]);
  });

  it('let the four columns go one under the other on medium screens (md 12) instead of two by two (md 6)', () => {
    const four = BLOCK_LAYOUTS.find((l) => l.id === '3-3-3-3');
    if (!four) throw new Error('no 3/3/3/3 layout');
    expect(four.mediumChoices).toEqual([6, 12]);
    expect(columnsOf(four).map((c) => [c.sm_size, c.md_size, c.lg_size])).toEqual(Array(4).fill([12, 6, 3]));
    expect(columnsOf(four, 12).map((c) => [c.sm_size, c.md_size, c.lg_size])).toEqual(Array(4).fill([12, 12, 3]));
    // Other layouts offer no choice: a medium width given for them is ignored.
    const halves = BLOCK_LAYOUTS.find((l) => l.id === '6-6');
    if (!halves) throw new Error('no 6/6 layout');
    expect(columnsOf(halves, 12).map((c) => c.md_size)).toEqual([6, 6]);
  });
});
