import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { translate } from '@mutirao/core';
import { WIDGET_REGISTRY } from '@mutirao/widgets';
import { useTranslation } from 'react-i18next';
import type { WidgetKind } from '../blocks/types';
import { useLocale } from '../i18n/useLocale';
import { CHOOSABLE_KINDS, WEB_WIDGET_KINDS, type WebWidgetKind } from '../widgets/kinds';
import { EditorIcon } from './icons';

interface DraftChooserProps {
  /** Names the column for assistive technology, e.g. 'Coluna 2 de Topo'. */
  label: string;
  disabled?: boolean;
  onChoose(kind: WidgetKind): void;
}

/** An empty column in the editor: the kinds it can become (spec 02 §1). Visitors never see it. */
export function DraftChooser({ label, disabled, onChoose }: DraftChooserProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Paper
      p="md"
      radius="md"
      withBorder
      role="group"
      aria-label={label}
      style={{ textShadow: 'none', color: 'var(--mantine-color-text)' }}
    >
      <Text fw={700} size="sm" mb="xs">
        {t('editor.widget.choose')}
      </Text>
      {/* Two by two only where the column itself is wide enough: narrow columns would cut the names short. */}
      <SimpleGrid type="container" cols={{ base: 1, '24rem': 2 }} spacing="xs">
        {CHOOSABLE_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="light"
            justify="flex-start"
            leftSection={
              <EditorIcon name={(WEB_WIDGET_KINDS[kind] as WebWidgetKind).chooser?.icon ?? 'content'} size={16} />
            }
            disabled={disabled}
            onClick={() => onChoose(kind)}
          >
            {translate(locale, WIDGET_REGISTRY[kind].labelKey)}
          </Button>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
