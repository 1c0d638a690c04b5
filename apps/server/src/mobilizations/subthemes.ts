import { msg } from '@mutirao/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { mobilizationsSubthemes, subthemes, themes } from '../db/schema';
import { AppError } from '../http/errors';
import { listSubthemes, type SubthemeWithTheme } from '../themes/service';

/**
 * The main-theme rule of spec 01 §5: chosen subthemes that all belong to one theme set it automatically;
 * subthemes spanning several themes need an explicit choice among them.
 * Returns the theme id to store, or throws field errors.
 */
export async function resolveMainTheme(db: Db | Tx, subthemeIds: number[], requestedThemeId: number | null) {
  const found = await listSubthemes(db, { ids: subthemeIds });
  if (found.length !== subthemeIds.length)
    throw new AppError('unprocessable', { subthemes: [msg('mobilizationForm.subthemeInvalid')] });
  const themeIds = [...new Set(found.map((s) => s.themeId))];
  if (themeIds.length === 1) return themeIds[0] as number;
  if (requestedThemeId === null)
    throw new AppError('unprocessable', { theme_id: [msg('mobilizationForm.themeRequired')] });
  if (!themeIds.includes(requestedThemeId))
    throw new AppError('unprocessable', { theme_id: [msg('mobilizationForm.themeMismatch')] });
  return requestedThemeId;
}

/** A theme picked alone (a mobilization without subthemes yet) must at least exist. */
export async function assertThemeExists(db: Db | Tx, themeId: number) {
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, themeId)).limit(1);
  if (!row) throw new AppError('unprocessable', { theme_id: [msg('mobilizationForm.subthemeInvalid')] });
}

export async function subthemeIdsOf(db: Db | Tx, mobilizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: mobilizationsSubthemes.subthemeId })
    .from(mobilizationsSubthemes)
    .where(eq(mobilizationsSubthemes.mobilizationId, mobilizationId))
    .orderBy(asc(mobilizationsSubthemes.subthemeId));
  return rows.map((r) => r.id);
}

export function sameIds(a: number[], b: number[]) {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}

export type MobilizationSubthemeLink = { id: number; mobilizationId: number; subtheme: SubthemeWithTheme };

/** Links with their subtheme and theme for many mobilizations in one query, ordered by label. */
export async function subthemeLinksOf(db: Db | Tx, mobilizationIds: number[]) {
  const byMobilization = new Map<number, MobilizationSubthemeLink[]>();
  if (!mobilizationIds.length) return byMobilization;
  const rows = await db
    .select({
      id: mobilizationsSubthemes.id,
      mobilizationId: mobilizationsSubthemes.mobilizationId,
      subtheme: { id: subthemes.id, label: subthemes.label, themeId: subthemes.themeId, themeLabel: themes.label },
    })
    .from(mobilizationsSubthemes)
    .innerJoin(subthemes, eq(subthemes.id, mobilizationsSubthemes.subthemeId))
    .innerJoin(themes, eq(themes.id, subthemes.themeId))
    .where(inArray(mobilizationsSubthemes.mobilizationId, mobilizationIds))
    .orderBy(asc(subthemes.label), asc(subthemes.id));
  for (const row of rows) {
    const list = byMobilization.get(row.mobilizationId) ?? [];
    list.push(row);
    byMobilization.set(row.mobilizationId, list);
  }
  return byMobilization;
}
