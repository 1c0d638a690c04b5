import {
  actionAdjustSchema,
  autofireSchema,
  finishSchema,
  formFieldsSchema,
  msg,
  serializeFormFields,
} from '@mutirao/core';
import { z } from 'zod';

/**
 * `settings.fields`: the field editor's list, stored as a JSON string (spec 02 §3). An array is accepted too and
 * stored as the string the widget reads.
 */
const fieldsSetting = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: msg('formWidget.fieldsInvalid') });
      return z.NEVER;
    }
  })
  .pipe(formFieldsSchema)
  .transform(serializeFormFields);

/** The settings keys of a form widget, each with its schema from core: Ajustes, thank-you e-mail, finish, fields. */
export const FORM_SETTING_SCHEMAS: Record<string, z.ZodType> = {
  ...actionAdjustSchema.shape,
  ...autofireSchema.shape,
  ...finishSchema.shape,
  fields: fieldsSetting,
};
