import type { WidgetData } from '@mutirao/core';
import type { Widget } from '../db/schema';
import { serverKind } from './kinds';

/**
 * The one widget presenter, for the admin API, GraphQL and the public page. `counts` holds action counts by widget
 * id (`actionCounts`); a widget missing from it has none. `form_entries_count` keeps its historic meaning: the
 * count of a kind whose actions are form entries, 0 otherwise.
 */
export function presentWidget(w: Widget, counts?: Map<number, number>): WidgetData {
  const count = counts?.get(w.id) ?? 0;
  return {
    id: w.id,
    block_id: w.blockId,
    kind: w.kind,
    sm_size: w.smSize,
    md_size: w.mdSize,
    lg_size: w.lgSize,
    settings: w.settings,
    goal: w.goal,
    count,
    form_entries_count: serverKind(w.kind).counts === 'form_entries' ? count : 0,
    exported_at: w.exportedAt?.toISOString() ?? null,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
