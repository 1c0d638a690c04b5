import { z } from 'zod';
import { LIMITS } from '../limits';
import { msg } from '../messages';
import { WIDGET_KINDS, type WidgetKind } from '../widgets/kinds';

/** Wire shapes of blocks and widgets (spec 01 §3, §7), as the API sends them. */
export interface WidgetData {
  id: number;
  block_id: number;
  kind: WidgetKind;
  sm_size: number;
  md_size: number;
  lg_size: number;
  settings: Record<string, unknown>;
  goal: number | null;
  /** Actions taken on the widget, whatever its kind: form entries, pressures, donations (spec 02 §3 `count`). */
  count: number;
  /** Form entries of a `form` widget (the same figure as `count`); 0 for other kinds. */
  form_entries_count: number;
  exported_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BlockData {
  id: number;
  mobilization_id: number;
  name: string | null;
  position: number;
  hidden: boolean;
  menu_hidden: boolean;
  bg_class: string | null;
  bg_image: string | null;
  created_at: string;
  updated_at: string;
  widgets?: WidgetData[];
}

export const BLOCK_NAME_MAX = 100;
/** A block holds at most four columns (the 3/3/3/3 layout). */
export const BLOCK_COLUMNS_MAX = 4;
/** Widget settings are kept as JSON; 1 MB of it is far more than any widget needs. */
export const WIDGET_SETTINGS_MAX_BYTES = 1024 * 1024;

const columnSize = z
  .number({ error: msg('blocksApi.sizeInvalid') })
  .int(msg('blocksApi.sizeInvalid'))
  .min(1, msg('blocksApi.sizeInvalid'))
  .max(12, msg('blocksApi.sizeInvalid'));

const kind = z.enum(WIDGET_KINDS, { error: msg('blocksApi.kindInvalid') });

const settings = z
  .record(z.string(), z.unknown(), { error: msg('blocksApi.settingsInvalid') })
  .refine((v) => JSON.stringify(v).length <= WIDGET_SETTINGS_MAX_BYTES, msg('blocksApi.settingsTooLarge'));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('validation.tooLong', { max }))
    .nullish()
    .transform((v) => v || null);

/** A colour as `{r,g,b,a}` JSON, or a palette class such as `bg-3`. */
const bgClass = z
  .string()
  .trim()
  .max(200, msg('blocksApi.backgroundInvalid'))
  .refine((v) => v === '' || /^[a-z][\w-]*$/i.test(v) || isRgbaJson(v), msg('blocksApi.backgroundInvalid'))
  .nullish()
  .transform((v) => v || null);

function isRgbaJson(value: string): boolean {
  try {
    const c = JSON.parse(value) as Record<string, unknown>;
    const channel = (n: unknown) => typeof n === 'number' && n >= 0 && n <= 255;
    return (
      channel(c.r) &&
      channel(c.g) &&
      channel(c.b) &&
      (c.a === undefined || (typeof c.a === 'number' && c.a >= 0 && c.a <= 1))
    );
  } catch {
    return false;
  }
}

const httpUrlOrPath = z
  .string()
  .trim()
  .max(2000, msg('blocksApi.imageInvalid'))
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//i.test(v), msg('blocksApi.imageInvalid'))
  .nullish()
  .transform((v) => v || null);

const blockFields = {
  name: optionalText(BLOCK_NAME_MAX),
  bg_class: bgClass,
  bg_image: httpUrlOrPath,
  hidden: z.boolean().optional(),
  menu_hidden: z.boolean().optional(),
};

/** `POST /mobilizations/{id}/blocks {block}`: the columns come as widgets, one per column, in order. */
export const blockCreateSchema = z.object({
  ...blockFields,
  widgets_attributes: z
    .array(
      z.object({
        sm_size: columnSize,
        md_size: columnSize,
        lg_size: columnSize,
        kind: kind.optional(),
        settings: settings.optional(),
      }),
      { error: msg('blocksApi.layoutRequired') },
    )
    .min(1, msg('blocksApi.layoutRequired'))
    .max(BLOCK_COLUMNS_MAX, msg('blocksApi.layoutRequired')),
});
export type BlockCreateInput = z.input<typeof blockCreateSchema>;
export type BlockCreateData = z.output<typeof blockCreateSchema>;

/** `PUT /blocks/{block} {block}`: only what is sent changes. */
export const blockUpdateSchema = z.object({
  name: blockFields.name.optional(),
  bg_class: blockFields.bg_class.optional(),
  bg_image: blockFields.bg_image.optional(),
  hidden: blockFields.hidden,
  menu_hidden: blockFields.menu_hidden,
});
export type BlockUpdateData = z.output<typeof blockUpdateSchema>;

/** `PUT /blocks {mobilization_id, blocks}`: new positions for some blocks of one page, such as a swap. */
export const blockPositionsSchema = z.object({
  mobilization_id: z
    .number({ error: msg('blocksApi.mobilizationRequired') })
    .int()
    .positive()
    .max(LIMITS.idMax),
  blocks: z
    .array(
      z.object({
        id: z.number().int().positive().max(LIMITS.idMax),
        // Out-of-range positions are the service's to name: the first block cannot go up, the last cannot go down.
        position: z.number({ error: msg('blocksApi.positionInvalid') }).int(msg('blocksApi.positionInvalid')),
      }),
    )
    .min(1, msg('blocksApi.positionsRequired'))
    .max(500),
});
export type BlockPositionsData = z.output<typeof blockPositionsSchema>;

/** `PUT /mobilizations/{id}/widgets/{widget} {widget}`: kind and settings; kind `draft` empties the slot. */
export const widgetUpdateSchema = z.object({
  kind: kind.optional(),
  settings: settings.optional(),
  sm_size: columnSize.optional(),
  md_size: columnSize.optional(),
  lg_size: columnSize.optional(),
});
export type WidgetUpdateData = z.output<typeof widgetUpdateSchema>;

const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(LIMITS.idMax, message);
const queryFlag = z
  .enum(['true', 'false'], { error: msg('blocksApi.flagInvalid') })
  .transform((v) => v === 'true')
  .optional();

/** Filters of `GET /mobilizations/{id}/blocks`; `GET /blocks` also needs `mobilization_id`. */
export const blockFilterSchema = z.object({ hidden: queryFlag, menu_hidden: queryFlag });
export const blockListQuerySchema = blockFilterSchema.extend({
  mobilization_id: queryId(msg('blocksApi.mobilizationRequired')),
});
export type BlockFilter = z.output<typeof blockFilterSchema>;

/** Filters of `GET /mobilizations/{id}/widgets`; `GET /widgets` also needs `mobilization_id`. */
export const widgetFilterSchema = z.object({
  block_id: queryId(msg('blocksApi.blockInvalid')).optional(),
  kind: kind.optional(),
});
export const widgetListQuerySchema = widgetFilterSchema.extend({
  mobilization_id: queryId(msg('blocksApi.mobilizationRequired')),
});
export type WidgetFilter = z.output<typeof widgetFilterSchema>;
