import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundFields } from '../blocks/BackgroundFields';
import type { BlockBackground } from '../blocks/background';

interface BackgroundDialogProps {
  opened: boolean;
  blockName: string;
  initial: BlockBackground;
  onSave(background: BlockBackground): void;
  /** Cancelar, closing, or Escape (spec 01 §4: "Escape cancels"). */
  onCancel(): void;
}

/** Change background from the block menu: colour or image, Salvar or Cancelar. */
export function BackgroundDialog({ opened, blockName, initial, onSave, onCancel }: BackgroundDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  // Starts afresh each time it opens; edits are kept while it stays open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only.
  useEffect(() => {
    if (opened) setValue(initial);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      title={t('editor.background.title', { name: blockName })}
      centered
      size="lg"
    >
      <Stack gap="lg">
        <BackgroundFields value={value} onChange={setValue} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button onClick={() => onSave(value)}>{t('app.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
