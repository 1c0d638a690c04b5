import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { FormField } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { type FieldCommands, FieldControls } from './FieldControls';
import { FieldForm } from './FieldForm';

export interface FieldViewsProps {
  fields: FormField[];
  open?: string;
  /** Problems by uid, in the user's language. */
  problems: Map<string, string>;
  nameOf(field: FormField): string;
  commands: FieldCommands;
  update(uid: string, patch: Partial<Omit<FormField, 'uid'>>): void;
}

/** The list editing mode: one row per field with its kind and whether it is required, its form opening below. */
export function FieldList({ fields, open, problems, nameOf, commands, update }: FieldViewsProps) {
  const { t } = useTranslation();
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {fields.map((field) => (
        <Paper component="li" key={field.uid} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} truncate c={field.label.trim() ? undefined : 'dimmed'}>
                {nameOf(field)}
              </Text>
              <Group gap={6}>
                <Badge variant="light" color="gray">
                  {t(`formSettings.kinds.${field.kind}`)}
                </Badge>
                {field.kind !== 'greetings' && (
                  <Badge variant="light" color={field.required === 'true' ? 'brand' : 'gray'}>
                    {field.required === 'true' ? t('formSettings.required') : t('formSettings.optional')}
                  </Badge>
                )}
              </Group>
              {problems.get(field.uid) && (
                <Text c="danger.8" size="sm">
                  {problems.get(field.uid)}
                </Text>
              )}
            </Stack>
            <FieldControls
              field={field}
              fields={fields}
              open={open === field.uid}
              name={nameOf(field)}
              commands={commands}
            />
          </Group>
          {open === field.uid && (
            <Stack mt="sm">
              <FieldForm
                field={field}
                error={problems.get(field.uid)}
                onChange={(patch) => update(field.uid, patch)}
                onDone={() => commands.toggle(field.uid)}
              />
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
