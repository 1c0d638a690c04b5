import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { communities } from './communities';
import { blockContentColumns, pageDesignColumns, timestampColumns, widgetContentColumns } from './pageContent';

/**
 * A reusable copy of a mobilization (spec 01 §3 Template), with the live tables' columns (`pageContent.ts`). Global templates are offered to every
 * community and have no community; custom ones belong to the community that made them.
 */
export const templateMobilizations = pgTable(
  'template_mobilizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    goal: text('goal'),
    global: boolean('global').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for global templates. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    ...pageDesignColumns(),
    slug: text('slug'),
    customDomain: text('custom_domain'),
    /** How many mobilizations were created from this template. */
    usesNumber: integer('uses_number').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [
    /** "Custom templates of a community": community_id = $1 AND global = false. */
    index('template_mobilizations_community_global_idx').on(t.communityId, t.global),
    /** "Global templates": global = true, listed by name. */
    index('template_mobilizations_global_name_idx').on(t.global, t.name),
    index('template_mobilizations_user_idx').on(t.userId),
  ],
);

export const templateBlocks = pgTable(
  'template_blocks',
  {
    id: serial('id').primaryKey(),
    templateMobilizationId: integer('template_mobilization_id')
      .notNull()
      .references(() => templateMobilizations.id, { onDelete: 'cascade' }),
    ...blockContentColumns(),
    ...timestampColumns(),
  },
  (t) => [index('template_blocks_template_mobilization_position_idx').on(t.templateMobilizationId, t.position)],
);

export const templateWidgets = pgTable(
  'template_widgets',
  {
    id: serial('id').primaryKey(),
    templateBlockId: integer('template_block_id')
      .notNull()
      .references(() => templateBlocks.id, { onDelete: 'cascade' }),
    ...widgetContentColumns(),
    ...timestampColumns(),
  },
  (t) => [index('template_widgets_template_block_idx').on(t.templateBlockId)],
);

export type TemplateMobilization = typeof templateMobilizations.$inferSelect;
export type TemplateBlock = typeof templateBlocks.$inferSelect;
export type TemplateWidget = typeof templateWidgets.$inferSelect;
