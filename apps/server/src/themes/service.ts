import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { subthemes, themes } from '../db/schema';

export type SubthemeWithTheme = { id: number; label: string; themeId: number; themeLabel: string };

/** Subthemes with their theme, for the theme selector and for the rules that check a choice. */
export async function listSubthemes(
  db: Db | Tx,
  options: { ids?: number[]; where?: SQL; orderBy?: SQL[] } = {},
): Promise<SubthemeWithTheme[]> {
  if (options.ids && !options.ids.length) return [];
  return db
    .select({ id: subthemes.id, label: subthemes.label, themeId: subthemes.themeId, themeLabel: themes.label })
    .from(subthemes)
    .innerJoin(themes, eq(themes.id, subthemes.themeId))
    .where(options.ids ? inArray(subthemes.id, options.ids) : options.where)
    .orderBy(...(options.orderBy?.length ? options.orderBy : [asc(subthemes.label)]), asc(subthemes.id));
}

export async function listThemes(db: Db | Tx, options: { ids?: number[]; where?: SQL; orderBy?: SQL[] } = {}) {
  if (options.ids && !options.ids.length) return [];
  return db
    .select()
    .from(themes)
    .where(options.ids ? inArray(themes.id, options.ids) : options.where)
    .orderBy(...(options.orderBy?.length ? options.orderBy : [asc(themes.label)]), asc(themes.id));
}

export function presentTheme(theme: { id: number; label: string }) {
  return { id: theme.id, label: theme.label };
}

export function presentSubtheme(s: SubthemeWithTheme) {
  return { id: s.id, label: s.label, theme_id: s.themeId, theme: { id: s.themeId, label: s.themeLabel } };
}
