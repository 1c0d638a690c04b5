import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundFields } from '../blocks/BackgroundFields';
import type { BlockBackground } from '../blocks/background';
import { CoveringDialogContext } from './content/ConfirmDialog';

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
  // While 'Deseja remover a imagem de fundo?' is open over it, Escape answers that question only.
  const [covered, setCovered] = useState(false);
  // Starts afresh each time it opens; edits are kept while it stays open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only.
  useEffect(() => {
    if (opened) setValue(initial);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeOnEscape={!covered}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      title={t('editor.background.title', { name: blockName })}
      centered
      size="lg"
    >
      <Stack gap="lg">
        <CoveringDialogContext.Provider value={setCovered}>
          <BackgroundFields value={value} onChange={setValue} />
        </CoveringDialogContext.Provider>
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
