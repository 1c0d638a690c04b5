/**
 * A page's content as one revision holds it (issue 34): its live blocks and their widgets, nothing that visitors
 * create (counts, entries, exports). What changed between two of them is worked out here, for the editor's "what
 * is unpublished" list, for each revision's summary and for comparing a revision with the current draft.
 */

export interface SnapshotBlock {
  id: number;
  position: number;
  name: string | null;
  hidden: boolean;
  menuHidden: boolean;
  bgClass: string | null;
  bgImage: string | null;
}

export interface SnapshotWidget {
  id: number;
  blockId: number;
  kind: string;
  smSize: number;
  mdSize: number;
  lgSize: number;
  settings: Record<string, unknown>;
  goal: number | null;
}

export interface PageSnapshot {
  /** In page order. */
  blocks: SnapshotBlock[];
  /** In column (id) order. */
  widgets: SnapshotWidget[];
}

/** A block's fields as the change list names them. */
export type BlockField = 'name' | 'background' | 'hidden' | 'menu_hidden';

/** One difference between two versions of a page, as the API sends it. */
export type PageChange =
  | { type: 'block_added' | 'block_removed'; block_id: number; block_name: string | null }
  | { type: 'block_moved'; block_id: number; block_name: string | null; from: number; to: number }
  | { type: 'block_edited'; block_id: number; block_name: string | null; fields: BlockField[] }
  | {
      type: 'widget_added' | 'widget_removed';
      widget_id: number;
      block_id: number;
      block_name: string | null;
      kind: string;
    }
  | {
      type: 'widget_changed';
      widget_id: number;
      block_id: number;
      block_name: string | null;
      kind: string;
      /** The settings keys that differ, and 'kind', 'size' or 'goal' when those do. */
      fields: string[];
    };

/** JSON with object keys sorted, so two equal values always give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

function blockFields(a: SnapshotBlock, b: SnapshotBlock): BlockField[] {
  const fields: BlockField[] = [];
  if ((a.name ?? '') !== (b.name ?? '')) fields.push('name');
  if ((a.bgClass ?? '') !== (b.bgClass ?? '') || (a.bgImage ?? '') !== (b.bgImage ?? '')) fields.push('background');
  if (a.hidden !== b.hidden) fields.push('hidden');
  if (a.menuHidden !== b.menuHidden) fields.push('menu_hidden');
  return fields;
}

function widgetFields(a: SnapshotWidget, b: SnapshotWidget): string[] {
  const fields: string[] = [];
  if (a.kind !== b.kind) fields.push('kind');
  if (a.smSize !== b.smSize || a.mdSize !== b.mdSize || a.lgSize !== b.lgSize) fields.push('size');
  if ((a.goal ?? null) !== (b.goal ?? null)) fields.push('goal');
  const keys = new Set([...Object.keys(a.settings ?? {}), ...Object.keys(b.settings ?? {})]);
  for (const key of [...keys].sort()) if (!same(a.settings?.[key], b.settings?.[key])) fields.push(key);
  return fields;
}

/**
 * What changed from `before` to `after`, blocks in `after`'s order (removed ones where they were): blocks added,
 * removed, moved (their order among the blocks both versions have changed) and edited; widgets added, removed and
 * changed. A widget moves with its block, so it is only named when it changed itself.
 */
export function pageChanges(before: PageSnapshot, after: PageSnapshot): PageChange[] {
  const oldBlocks = new Map(before.blocks.map((b) => [b.id, b]));
  const newBlocks = new Map(after.blocks.map((b) => [b.id, b]));
  const nameOf = (id: number) => newBlocks.get(id)?.name ?? oldBlocks.get(id)?.name ?? null;
  const keptOld = before.blocks.filter((b) => newBlocks.has(b.id)).map((b) => b.id);
  const keptNew = after.blocks.filter((b) => oldBlocks.has(b.id)).map((b) => b.id);
  const changes: PageChange[] = [];
  for (const block of before.blocks)
    if (!newBlocks.has(block.id)) changes.push({ type: 'block_removed', block_id: block.id, block_name: block.name });
  for (const block of after.blocks) {
    const old = oldBlocks.get(block.id);
    if (!old) {
      changes.push({ type: 'block_added', block_id: block.id, block_name: block.name });
      continue;
    }
    const from = keptOld.indexOf(block.id);
    const to = keptNew.indexOf(block.id);
    if (from !== to)
      changes.push({
        type: 'block_moved',
        block_id: block.id,
        block_name: block.name,
        from: before.blocks.indexOf(old) + 1,
        to: after.blocks.indexOf(block) + 1,
      });
    const fields = blockFields(old, block);
    if (fields.length) changes.push({ type: 'block_edited', block_id: block.id, block_name: block.name, fields });
  }
  const oldWidgets = new Map(before.widgets.map((w) => [w.id, w]));
  const newWidgets = new Map(after.widgets.map((w) => [w.id, w]));
  const widgetChange = (type: 'widget_added' | 'widget_removed', w: SnapshotWidget): PageChange => ({
    type,
    widget_id: w.id,
    block_id: w.blockId,
    block_name: nameOf(w.blockId),
    kind: w.kind,
  });
  // A removed block takes its widgets with it: the block's line says so.
  for (const w of before.widgets)
    if (!newWidgets.has(w.id) && newBlocks.has(w.blockId)) changes.push(widgetChange('widget_removed', w));
  for (const w of after.widgets) {
    const old = oldWidgets.get(w.id);
    if (!old) {
      if (oldBlocks.has(w.blockId)) changes.push(widgetChange('widget_added', w));
      continue;
    }
    const fields = widgetFields(old, w);
    if (fields.length)
      changes.push({
        type: 'widget_changed',
        widget_id: w.id,
        block_id: w.blockId,
        block_name: nameOf(w.blockId),
        kind: w.kind,
        fields,
      });
  }
  return changes;
}
