import { z } from 'zod';
import { LIMITS } from '../limits';
import { msg } from '../messages';
import {
  dropdownOptions,
  FIELD_LABEL_MAX,
  FIELD_PLACEHOLDER_MAX,
  FORM_FIELD_KINDS,
  FORM_FIELDS_MAX,
  type FormField,
} from './formRules';

/** The form widget's schemas; the plain rules (`formRules.ts`) are zod-free for the public island bundle. */
export * from './formRules';

const fieldSchema = z.object({
  uid: z
    .string({ error: msg('formWidget.fieldUidInvalid') })
    .trim()
    .min(1, msg('formWidget.fieldUidInvalid'))
    .max(100, msg('formWidget.fieldUidInvalid')),
  kind: z.enum(FORM_FIELD_KINDS, { error: msg('formWidget.fieldKindInvalid') }),
  label: z
    .string({ error: msg('formWidget.fieldLabelRequired') })
    .trim()
    .min(1, msg('formWidget.fieldLabelRequired'))
    .max(FIELD_LABEL_MAX, msg('validation.tooLong', { max: FIELD_LABEL_MAX })),
  placeholder: z
    .string()
    .max(FIELD_PLACEHOLDER_MAX, msg('validation.tooLong', { max: FIELD_PLACEHOLDER_MAX }))
    .nullish()
    .transform((v) => v ?? ''),
  required: z
    .union([z.enum(['true', 'false']), z.boolean()])
    .nullish()
    .transform((v): 'true' | 'false' => (v === true || v === 'true' ? 'true' : 'false')),
});

/**
 * Campos do formulário: the list as the field editor saves it. uids are unique, so stored entries keep their values
 * when fields are renamed or reordered.
 */
export const formFieldsSchema = z
  .array(fieldSchema, { error: msg('formWidget.fieldsInvalid') })
  .max(FORM_FIELDS_MAX, msg('formWidget.fieldsTooMany', { max: FORM_FIELDS_MAX }))
  .refine((fields) => new Set(fields.map((f) => f.uid)).size === fields.length, msg('formWidget.fieldUidDuplicate'))
  .superRefine((fields, ctx) => {
    // The options of a list field are its placeholder (spec 02 §3): the message belongs to that input.
    fields.forEach((field, index) => {
      if (field.kind === 'dropdown' && dropdownOptions(field).length === 0)
        ctx.addIssue({
          code: 'custom',
          message: msg('formWidget.dropdownOptionsRequired'),
          path: [index, 'placeholder'],
        });
    });
  });

/**
 * The fields of a form widget's settings, whatever shape they were stored in (a JSON string, an array, nothing).
 * Invalid entries are left out rather than failing the whole form: a visitor never sees a broken widget.
 */
export function parseFormFields(raw: unknown): FormField[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const fields: FormField[] = [];
  const seen = new Set<string>();
  for (const item of value) {
    const parsed = fieldSchema.safeParse(item);
    if (parsed.success && !seen.has(parsed.data.uid)) {
      seen.add(parsed.data.uid);
      fields.push(parsed.data);
    }
  }
  return fields;
}

/** `POST /mobilizations/{id}/form_entries {form_entry: {widget_id, fields}}`; `fields` is JSON text or an array. */
export const formEntrySubmissionSchema = z.object({
  widget_id: z.coerce
    .number({ error: msg('formWidget.widgetRequired') })
    .int(msg('formWidget.widgetRequired'))
    .positive(msg('formWidget.widgetRequired'))
    .max(LIMITS.idMax, msg('formWidget.widgetRequired')),
  fields: z.union(
    [z.string().max(200_000, msg('formWidget.entryTooLarge')), z.array(z.unknown()).max(FORM_FIELDS_MAX + 10)],
    {
      error: msg('formWidget.fieldsInvalid'),
    },
  ),
});
export type FormEntrySubmission = z.output<typeof formEntrySubmissionSchema>;
