import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type FieldViewsProps, fieldParts } from './fieldParts';

export type { FieldViewsProps } from './fieldParts';

/** The list editing mode: one row per field with its kind and whether it is required, its form opening below. */
export function FieldList(views: FieldViewsProps) {
  const { t } = useTranslation();
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {views.fields.map((field) => {
        const parts = fieldParts(views, field);
        return (
          <Paper component="li" key={field.uid} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} truncate c={field.label.trim() ? undefined : 'dimmed'}>
                  {views.nameOf(field)}
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
                {parts.problem}
              </Stack>
              {parts.controls}
            </Group>
            {parts.form && <Stack mt="sm">{parts.form}</Stack>}
          </Paper>
        );
      })}
    </Stack>
  );
}
