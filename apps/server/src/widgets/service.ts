import { type Actor, resolveLocale, type WidgetFilter, type WidgetUpdateData, widgetDefaults } from '@mutirao/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blocks, widgets } from '../db/schema';
import { notFound } from '../http/errors';
import { findMobilizationFor } from '../mobilizations/service';
import { liveBlocks } from '../pages/content';
import { actionCount, actionCounts } from './counters';
import { presentWidget } from './presenter';
import { normalizeWidgetSettings, widgetGoal } from './settings';

/** The page's widgets, for `GET /mobilizations/{id}/widgets`, optionally of one block or one kind. */
export async function listWidgets(db: Db, actor: Actor, mobilizationId: number, filter: WidgetFilter = {}) {
  await findMobilizationFor(db, actor, mobilizationId);
  const rows = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .where(
      and(
        liveBlocks(mobilizationId),
        isNull(widgets.deletedAt),
        filter.block_id === undefined ? undefined : eq(widgets.blockId, filter.block_id),
        filter.kind === undefined ? undefined : eq(widgets.kind, filter.kind),
      ),
    )
    .orderBy(asc(blocks.position), asc(widgets.id));
  const counts = await actionCounts(
    db,
    rows.map((r) => r.widget.id),
  );
  return rows.map((r) => presentWidget(r.widget, counts));
}

/**
 * Kind and settings of one widget of the page; back to `draft` means an empty slot with no settings. Settings that
 * are sent are checked key by key against their kind's schemas (`normalizeWidgetSettings`); stored ones are kept. A
 * new kind sent without settings starts with the kind's defaults in the page's language (`widgetDefaults`).
 */
export async function updateWidget(db: Db, actor: Actor, mobilizationId: number, id: number, input: WidgetUpdateData) {
  const mobilization = await findMobilizationFor(db, actor, mobilizationId);
  const [row] = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .where(and(eq(widgets.id, id), isNull(widgets.deletedAt), liveBlocks(mobilizationId)))
    .limit(1);
  if (!row) throw notFound();
  const kind = input.kind ?? row.widget.kind;
  const settings =
    kind === 'draft'
      ? {}
      : input.settings
        ? normalizeWidgetSettings(kind, input.settings, kind === row.widget.kind ? row.widget.settings : {})
        : input.kind && input.kind !== row.widget.kind
          ? normalizeWidgetSettings(kind, widgetDefaults(kind, resolveLocale(mobilization.language)))
          : row.widget.settings;
  const goal = widgetGoal(kind, input.settings, settings, kind !== row.widget.kind);
  const [updated] = await db
    .update(widgets)
    .set({
      kind,
      settings,
      ...(goal !== undefined && { goal }),
      ...(input.sm_size !== undefined && { smSize: input.sm_size }),
      ...(input.md_size !== undefined && { mdSize: input.md_size }),
      ...(input.lg_size !== undefined && { lgSize: input.lg_size }),
      updatedAt: new Date(),
    })
    .where(eq(widgets.id, id))
    .returning();
  if (!updated) throw notFound();
  return presentWidget(updated, new Map([[updated.id, await actionCount(db, updated.id)]]));
}

/** A widget of the page (not deleted, in a live block); otherwise the same 404 as a missing one. */
export async function findPageWidget(db: Db, mobilizationId: number, widgetId: number) {
  const [row] = await db
    .select({ widget: widgets })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .where(
      and(
        eq(widgets.id, widgetId),
        isNull(widgets.deletedAt),
        eq(blocks.mobilizationId, mobilizationId),
        isNull(blocks.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row.widget;
}
