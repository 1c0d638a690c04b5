import { Box, Group, Radio, SimpleGrid, Text } from '@mantine/core';
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

/** The layouts of spec 01 §3 as radio cards: each shows its columns and names them. */
export function LayoutPicker({ value, onChange }: { value: string; onChange(id: string): void }) {
  const { t } = useTranslation();
  return (
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
  );
}
