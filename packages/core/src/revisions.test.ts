import { describe, expect, it } from 'vitest';
import { type PageSnapshot, pageChanges, type SnapshotBlock, type SnapshotWidget } from './revisions';

const block = (id: number, position: number, extra: Partial<SnapshotBlock> = {}): SnapshotBlock => ({
  id,
  position,
  name: `Bloco ${id}`,
  hidden: false,
  menuHidden: false,
  bgClass: null,
  bgImage: null,
  ...extra,
});
const widget = (id: number, blockId: number, extra: Partial<SnapshotWidget> = {}): SnapshotWidget => ({
  id,
  blockId,
  kind: 'form',
  smSize: 12,
  mdSize: 12,
  lgSize: 12,
  settings: { button_text: 'Enviar', fields: [{ uid: 'a', kind: 'email' }] },
  goal: null,
  ...extra,
});
const page: PageSnapshot = {
  blocks: [block(1, 1), block(2, 2), block(3, 3)],
  widgets: [widget(10, 1), widget(20, 2, { kind: 'content', settings: { content: '[]' } }), widget(30, 3)],
};

describe('pageChanges', () => {
  it('finds nothing between equal pages, whatever the order of settings keys', () => {
    const reordered: PageSnapshot = {
      ...page,
      widgets: page.widgets.map((w) => ({ ...w, settings: Object.fromEntries(Object.entries(w.settings).reverse()) })),
    };
    expect(pageChanges(page, reordered)).toEqual([]);
  });

  it('names blocks added, removed, moved and edited, and widgets changed', () => {
    const after: PageSnapshot = {
      blocks: [block(3, 1), block(1, 2, { name: 'Topo', hidden: true }), block(4, 3)],
      widgets: [
        widget(10, 1, { settings: { button_text: 'Assinar', fields: [{ uid: 'a', kind: 'email' }] }, mdSize: 6 }),
        widget(11, 1, { kind: 'draft', settings: {} }),
        widget(30, 3),
        widget(40, 4),
      ],
    };
    expect(pageChanges(page, after)).toEqual([
      { type: 'block_removed', block_id: 2, block_name: 'Bloco 2' },
      { type: 'block_moved', block_id: 3, block_name: 'Bloco 3', from: 3, to: 1 },
      { type: 'block_moved', block_id: 1, block_name: 'Topo', from: 1, to: 2 },
      { type: 'block_edited', block_id: 1, block_name: 'Topo', fields: ['name', 'hidden'] },
      { type: 'block_added', block_id: 4, block_name: 'Bloco 4' },
      {
        type: 'widget_changed',
        widget_id: 10,
        block_id: 1,
        block_name: 'Topo',
        kind: 'form',
        fields: ['size', 'button_text'],
      },
      { type: 'widget_added', widget_id: 11, block_id: 1, block_name: 'Topo', kind: 'draft' },
    ]);
  });

  it('does not call blocks moved when one above them is removed', () => {
    const after: PageSnapshot = {
      blocks: [block(2, 1), block(3, 2)],
      widgets: page.widgets.filter((w) => w.blockId !== 1),
    };
    expect(pageChanges(page, after)).toEqual([{ type: 'block_removed', block_id: 1, block_name: 'Bloco 1' }]);
  });

  it('names a widget removed from a block that stays, and a kind picked for an empty column', () => {
    const before: PageSnapshot = {
      blocks: [block(1, 1)],
      widgets: [widget(10, 1), widget(11, 1, { kind: 'draft', settings: {} })],
    };
    const after: PageSnapshot = {
      blocks: [block(1, 1)],
      widgets: [widget(11, 1, { kind: 'pressure', settings: { title: 'Pressione' } })],
    };
    expect(pageChanges(before, after)).toEqual([
      { type: 'widget_removed', widget_id: 10, block_id: 1, block_name: 'Bloco 1', kind: 'form' },
      {
        type: 'widget_changed',
        widget_id: 11,
        block_id: 1,
        block_name: 'Bloco 1',
        kind: 'pressure',
        fields: ['kind', 'title'],
      },
    ]);
  });
});
