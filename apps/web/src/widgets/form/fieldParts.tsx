import { Text } from '@mantine/core';
import type { FormField } from '@mutirao/core';
import type { ReactNode } from 'react';
import { type FieldCommands, FieldControls } from './FieldControls';
import { FieldForm } from './FieldForm';
import type { FieldInput } from './fieldEditor';

/** What both editing modes (list and in place) are given. */
export interface FieldViewsProps {
  fields: FormField[];
  open?: string;
  /** Problems by uid, in the user's language, with the input each is about. */
  problems: Map<string, { input: FieldInput; message: string }>;
  nameOf(field: FormField): string;
  commands: FieldCommands;
  update(uid: string, patch: Partial<Omit<FormField, 'uid'>>): void;
}

/** One field's controls, its problem (if any) and, when it is open, its form: the same in both modes. */
export function fieldParts(
  views: FieldViewsProps,
  field: FormField,
): Record<'controls' | 'problem' | 'form', ReactNode> {
  const { fields, open, problems, nameOf, commands, update } = views;
  const problem = problems.get(field.uid);
  return {
    controls: (
      <FieldControls field={field} fields={fields} open={open === field.uid} name={nameOf(field)} commands={commands} />
    ),
    // Under the row while the field's form is closed; once open, the message sits under its own input.
    problem:
      problem && open !== field.uid ? (
        <Text c="danger.8" size="sm">
          {problem.message}
        </Text>
      ) : null,
    form:
      open === field.uid ? (
        <FieldForm
          field={field}
          error={problem}
          onChange={(patch) => update(field.uid, patch)}
          onDone={() => commands.toggle(field.uid)}
        />
      ) : null,
  };
}
