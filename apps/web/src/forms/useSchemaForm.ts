import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from '../i18n/useLocale';
import { applyServerErrors, errorText } from './serverErrors';

/**
 * Every field's name as the server names them in its errors: top-level ones, and nested ones dotted
 * (`bank_account.agencia`). An object value keeps its own name too, for a control that edits it whole.
 */
function fieldNames(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...(value && typeof value === 'object' && !Array.isArray(value) ? fieldNames(value, `${prefix}${key}.`) : []),
  ]);
}

interface Options<T extends FieldValues, TOut> {
  /** The core schema: the same rules, and the same messages, as the server's. */
  schema: z.ZodType<TOut, T>;
  defaultValues: T;
  /** Sends the values (as the schema outputs them); an API error is mapped onto the fields it names. */
  submit: (values: TOut, form: UseFormReturn<T, unknown, TOut>) => Promise<void>;
}

/**
 * A form validated by a core schema in the browser and by the same schema on the server. `field(name)` gives
 * a Mantine input its registration and its error in the active language; `serverError` is what belongs to no
 * field, for the alert above the submit button.
 */
export function useSchemaForm<T extends FieldValues, TOut = T>({ schema, defaultValues, submit }: Options<T, TOut>) {
  const locale = useLocale();
  const form = useForm<T, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<T>,
  });
  const names = fieldNames(defaultValues) as Path<T>[];
  const { errors } = form.formState;
  // A mutation, so that a failed request reaches the generic toast through the mutation cache; the refusals are the
  // form's to place, on their fields or above the button.
  const sending = useMutation({
    mutationFn: (values: TOut) => submit(values, form),
    meta: { showsErrors: 'refusals' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sending.mutateAsync(values);
    } catch (error) {
      // Anything else was already told by the mutation cache's toast; rethrowing would only make it uncaught.
      applyServerErrors(error, names, form.setError);
    }
  });

  const errorOf = (name: Path<T>) => errorText(locale, get(errors, name) as FieldError | undefined);
  const field = (name: Path<T>) => ({ ...form.register(name), error: errorOf(name) });

  return { form, onSubmit, field, errorOf, serverError: errors.root?.server?.message };
}
