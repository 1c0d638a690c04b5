type Positioned = { id: number; position: number };

/** The positions that swap `id` with its neighbour, or undefined at the ends (first cannot go up, last cannot go down). */
export function swapPositions(blocks: readonly Positioned[], id: number, direction: -1 | 1) {
  const index = blocks.findIndex((b) => b.id === id);
  const neighbour = blocks[index + direction];
  const block = blocks[index];
  if (!block || !neighbour) return undefined;
  if (block.position !== neighbour.position) {
    return [
      { id: block.id, position: neighbour.position },
      { id: neighbour.id, position: block.position },
    ];
  }
  // Equal positions (older data): number the whole page anew in the new order.
  const order = blocks.map((b) => b.id);
  order.splice(index, 1);
  order.splice(index + direction, 0, id);
  return order.map((blockId, i) => ({ id: blockId, position: i + 1 }));
}

export function applyPositions<T extends Positioned>(
  blocks: readonly T[],
  positions: { id: number; position: number }[],
) {
  const next = new Map(positions.map((p) => [p.id, p.position]));
  return blocks
    .map((b) => (next.has(b.id) ? { ...b, position: next.get(b.id) as number } : b))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}
