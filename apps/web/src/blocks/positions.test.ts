import { describe, expect, it } from 'vitest';
import { applyPositions, swapPositions } from './positions';

const page = [
  { id: 10, position: 1 },
  { id: 11, position: 2 },
  { id: 12, position: 3 },
];

describe('block moves', () => {
  it('swap positions with the neighbour', () => {
    expect(swapPositions(page, 11, -1)).toEqual([
      { id: 11, position: 1 },
      { id: 10, position: 2 },
    ]);
    expect(swapPositions(page, 11, 1)).toEqual([
      { id: 11, position: 3 },
      { id: 12, position: 2 },
    ]);
  });

  it('refuse to move the first block up or the last one down', () => {
    expect(swapPositions(page, 10, -1)).toBeUndefined();
    expect(swapPositions(page, 12, 1)).toBeUndefined();
    expect(swapPositions(page, 99, 1)).toBeUndefined();
  });

  it('renumber the page when old data has equal positions, never leaving duplicates', () => {
    const tied = [
      { id: 1, position: 4 },
      { id: 2, position: 4 },
      { id: 3, position: 5 },
    ];
    const next = swapPositions(tied, 2, -1) ?? [];
    expect(next).toEqual([
      { id: 2, position: 1 },
      { id: 1, position: 2 },
      { id: 3, position: 3 },
    ]);
    expect(new Set(next.map((p) => p.position)).size).toBe(3);
  });

  it('reorder the page as the new positions say', () => {
    const moved = applyPositions(page, swapPositions(page, 12, -1) ?? []);
    expect(moved.map((b) => b.id)).toEqual([10, 12, 11]);
    expect(moved.map((b) => b.position)).toEqual([1, 2, 3]);
  });
});
