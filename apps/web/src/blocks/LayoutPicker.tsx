import { Box, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BLOCK_LAYOUTS, type BlockLayout } from './layouts';

function LayoutPreview({ layout }: { layout: BlockLayout }) {
  return (
    <Group gap={4} wrap="nowrap" w="100%" aria-hidden="true">
      {layout.columns.map((column, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
          key={i}
          h={40}
          bg="brand.1"
          style={{ flex: column.lg_size, borderRadius: 4, border: '1px solid var(--mantine-color-brand-3)' }}
        />
      ))}
    </Group>
  );
}

interface MediumPickerProps {
  choices: readonly number[];
  value: number;
  onChange(md: number): void;
}

/** For the four columns: two by two (md 6) or one under the other (md 12) on medium screens. */
function MediumPicker({ choices, value, onChange }: MediumPickerProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm" id="layout-medium-label">
        {t('editor.create.medium')}
      </Text>
      <Text size="xs" c="dimmed" id="layout-medium-help">
        {t('editor.create.mediumHelp')}
      </Text>
      <SegmentedControl
        aria-labelledby="layout-medium-label"
        aria-describedby="layout-medium-help"
        value={String(value)}
        onChange={(next) => onChange(Number(next))}
        data={choices.map((md) => ({
          value: String(md),
          label: t(`editor.create.medium${md}` as 'editor.create.medium6'),
        }))}
        maw={420}
      />
    </Stack>
  );
}

interface LayoutPickerProps {
  value: string;
  onChange(id: string): void;
  /** The medium-screen width, for a layout that offers a choice. */
  medium: number;
  onMediumChange(md: number): void;
}

/** The layouts of spec 01 §3 as radio cards: each shows its columns and names them. */
export function LayoutPicker({ value, onChange, medium, onMediumChange }: LayoutPickerProps) {
  const { t } = useTranslation();
  const choices = BLOCK_LAYOUTS.find((l) => l.id === value)?.mediumChoices;
  return (
    <Stack gap="md">
      <Radio.Group
        value={value}
        onChange={onChange}
        label={t('editor.create.layout')}
        description={t('editor.create.layoutHelp')}
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} mt="sm">
          {BLOCK_LAYOUTS.map((layout) => (
            <Radio.Card
              key={layout.id}
              value={layout.id}
              radius="md"
              p="sm"
              aria-label={t(`editor.layouts.${layout.id}` as 'editor.layouts.12')}
            >
              <Group gap="xs" mb="xs" wrap="nowrap">
                <Radio.Indicator size="sm" />
                <Text size="sm" fw={700}>
                  {t(`editor.layouts.${layout.id}` as 'editor.layouts.12')}
                </Text>
              </Group>
              <LayoutPreview layout={layout} />
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {choices && <MediumPicker choices={choices} value={medium} onChange={onMediumChange} />}
    </Stack>
  );
}
