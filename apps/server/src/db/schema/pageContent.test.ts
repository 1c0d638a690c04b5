import { getTableColumns, getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { blocks, mobilizations, templateBlocks, templateMobilizations, templateWidgets, widgets } from './index';
import { BLOCK_CONTENT_KEYS, PAGE_DESIGN_KEYS, WIDGET_CONTENT_KEYS } from './pageContent';

/** Each live table, its template table, and the columns a template copies. */
const PAIRS = [
  { live: mobilizations, template: templateMobilizations, keys: PAGE_DESIGN_KEYS },
  { live: blocks, template: templateBlocks, keys: BLOCK_CONTENT_KEYS },
  { live: widgets, template: templateWidgets, keys: WIDGET_CONTENT_KEYS },
] as const;

describe('the template tables', () => {
  it('declare the copied columns of the live tables, one definition each', () => {
    for (const { live, template, keys } of PAIRS) {
      const a = getTableColumns(live) as Record<string, { name: string; columnType: string; notNull: boolean }>;
      const b = getTableColumns(template) as Record<string, { name: string; columnType: string; notNull: boolean }>;
      for (const key of keys) {
        expect(b[key], key).toBeDefined();
        const shape = (c: (typeof a)[string] | undefined) =>
          c && { name: c.name, type: c.columnType, notNull: c.notNull };
        expect(shape(b[key]), key).toEqual(shape(a[key]));
      }
    }
  });

  it('hold those columns in the database as the live tables do: type, nullability and default', async () => {
    const fresh = await freshDatabase();
    try {
      const columns = async (table: string) => {
        const { rows } = await fresh.database.raw.executeSql(
          `select column_name, data_type, is_nullable, column_default from information_schema.columns
            where table_schema = 'public' and table_name = $1`,
          [table],
        );
        return new Map((rows as { column_name: string }[]).map((r) => [r.column_name, r]));
      };
      for (const { live, template, keys } of PAIRS) {
        const [a, b] = [await columns(getTableName(live)), await columns(getTableName(template))];
        for (const key of keys) {
          const name = (getTableColumns(live) as Record<string, { name: string }>)[key]?.name as string;
          expect(b.get(name), name).toEqual(a.get(name));
        }
      }
    } finally {
      await fresh.drop();
    }
  });
});
