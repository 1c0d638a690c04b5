import { api } from '../api/client';
import type { ColumnSizes } from './layouts';
import type { BlockData, WidgetData, WidgetKind } from './types';

/** A block as the editor holds it: its widgets always present, in column order. */
export type EditorBlock = BlockData & { widgets: WidgetData[] };

export const blocksQueryKey = (mobilizationId: number) => ['mobilization', mobilizationId, 'blocks'] as const;

const byPosition = (a: { position: number; id: number }, b: { position: number; id: number }) =>
  a.position - b.position || a.id - b.id;

/** Blocks with their widgets, in page order. Widgets come with the blocks or from their own call. */
export async function fetchEditorBlocks(mobilizationId: number): Promise<EditorBlock[]> {
  const [blocks, widgets] = await Promise.all([
    api<BlockData[]>(`/api/mobilizations/${mobilizationId}/blocks`),
    api<WidgetData[]>(`/api/mobilizations/${mobilizationId}/widgets`),
  ]);
  return blocks
    .map((block) => ({
      ...block,
      widgets: (block.widgets ?? widgets.filter((w) => w.block_id === block.id)).slice().sort((a, b) => a.id - b.id),
    }))
    .sort(byPosition);
}

export interface NewWidgetAttributes extends ColumnSizes {
  kind?: WidgetKind;
  settings?: Record<string, unknown>;
}

export interface NewBlockInput {
  name?: string | null;
  bg_class?: string | null;
  bg_image?: string | null;
  hidden?: boolean;
  menu_hidden?: boolean;
  /** One per column, in order. */
  widgets_attributes: NewWidgetAttributes[];
}

/** POST /mobilizations/{id}/blocks: the server gives it the last position plus one and a widget per column. */
export function createBlock(mobilizationId: number, block: NewBlockInput) {
  return api<BlockData>(`/api/mobilizations/${mobilizationId}/blocks`, { method: 'POST', body: { block } });
}

export type BlockPatch = Partial<Pick<BlockData, 'name' | 'hidden' | 'menu_hidden' | 'bg_class' | 'bg_image'>>;

export function updateBlock(blockId: number, block: BlockPatch) {
  return api<BlockData>(`/api/blocks/${blockId}`, { method: 'PUT', body: { block } });
}

/** The batch PUT /blocks of spec 01 §7: both blocks of a swap change position in one request. */
export function updateBlockPositions(mobilizationId: number, blocks: { id: number; position: number }[]) {
  return api<BlockData[]>('/api/blocks', { method: 'PUT', body: { mobilization_id: mobilizationId, blocks } });
}

export function deleteBlock(blockId: number) {
  return api<unknown>(`/api/blocks/${blockId}`, { method: 'DELETE' });
}

export type WidgetPatch = Partial<Pick<WidgetData, 'kind' | 'settings'>>;

export function updateWidget(mobilizationId: number, widgetId: number, widget: WidgetPatch) {
  return api<WidgetData>(`/api/mobilizations/${mobilizationId}/widgets/${widgetId}`, {
    method: 'PUT',
    body: { widget },
  });
}
