import { Box, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { PALETTES } from '@mutirao/widgets';
import { useTranslation } from 'react-i18next';

/** The stored value of a palette: none for the default one, `{name}-scheme` otherwise (spec 02 §3). */
export const schemeValue = (name: string) => (name === 'default' ? '' : `${name}-scheme`);

const NAMES = ['default', 'meurio', 'nossas', 'minhasampa', 'bonde'] as const;
const isKnown = (name: string): name is (typeof NAMES)[number] => (NAMES as readonly string[]).includes(name);

interface ColorSchemePickerProps {
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** One radio card per palette, showing its eight block backgrounds. */
export function ColorSchemePicker({ value, onChange, error }: ColorSchemePickerProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={t('mobilizationSettings.colorScheme')} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {PALETTES.map((palette) => (
          <Radio.Card key={palette.name} value={schemeValue(palette.name)} p="sm" radius="md" withBorder>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={6}>
                <Text fw={700} size="sm">
                  {isKnown(palette.name) ? t(`mobilizationSettings.schemes.${palette.name}`) : palette.name}
                </Text>
                <Group gap={3} aria-hidden="true">
                  {palette.backgrounds.map((bg) => (
                    <Box
                      key={bg.className}
                      w={16}
                      h={16}
                      bg={bg.color}
                      style={{ borderRadius: 3, boxShadow: 'inset 0 0 0 1px rgba(0,0,0,.15)' }}
                    />
                  ))}
                </Group>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
