import type { WidgetKind } from '@mutirao/core';
import { boolean, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The columns a live page and a template share, defined once: a template is a copy of a page's design, blocks and
 * widgets (spec 01 §3), and the copies in both directions (`templates/service.ts`) read these lists. Each is a
 * function, so each table gets its own column objects.
 */

/** A page's design and share settings, copied into a template and back where the page has none. */
export const pageDesignColumns = () => ({
  /** e.g. 'meurio-scheme'; the '-scheme' suffix is stripped to select a palette. */
  colorScheme: text('color_scheme'),
  facebookShareImage: text('facebook_share_image'),
  facebookShareTitle: text('facebook_share_title'),
  facebookShareDescription: text('facebook_share_description'),
  twitterShareText: text('twitter_share_text'),
  bodyFont: text('body_font'),
  headerFont: text('header_font'),
  favicon: text('favicon'),
});

/** A block's content: a horizontal section of a page. */
export const blockContentColumns = () => ({
  name: text('name'),
  position: integer('position').notNull(),
  hidden: boolean('hidden').notNull().default(false),
  /** Hidden from the public navbar only. */
  menuHidden: boolean('menu_hidden').notNull().default(false),
  /** A CSS class, or JSON of {r,g,b,a}. */
  bgClass: text('bg_class'),
  /** Image URL. */
  bgImage: text('bg_image'),
});

/** A widget's content: its kind, sizes, settings and goal; never its counts, exports or mailing segment. */
export const widgetContentColumns = () => ({
  kind: text('kind').$type<WidgetKind>().notNull().default('draft'),
  smSize: integer('sm_size').notNull().default(12),
  mdSize: integer('md_size').notNull().default(12),
  lgSize: integer('lg_size').notNull().default(12),
  /** Kind-specific settings (content, form fields, pressure targets, donation values, finish/autofire…). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * Fund-raising goal in integer cents (R$ 1.000,50 → 100050), the same unit as donations.amount,
   * so donation stats compare like with like. The settings form edits it in reais.
   */
  goal: integer('goal'),
});

export const timestampColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const keysOf = <T extends object>(columns: () => T) => Object.keys(columns()) as (keyof T & string)[];
export const PAGE_DESIGN_KEYS = keysOf(pageDesignColumns);
export type PageDesignKey = (typeof PAGE_DESIGN_KEYS)[number];
export const BLOCK_CONTENT_KEYS = keysOf(blockContentColumns);
export const WIDGET_CONTENT_KEYS = keysOf(widgetContentColumns);

/** The listed keys of a row, as a copy's values. */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}
