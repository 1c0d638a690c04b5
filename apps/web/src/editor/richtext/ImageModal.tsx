import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../uploads/ImageUpload';

export interface ImageFormData {
  src: string;
  title: string;
  href: string;
  openExternal: boolean;
}

interface ImageModalProps {
  opened: boolean;
  /** 'insert' uploads a new image; 'edit' changes the selected one; 'none' is what remains after Remover. */
  mode: 'insert' | 'edit' | 'none';
  initial: ImageFormData;
  onSave(data: ImageFormData): void;
  onCancel(): void;
  onDelete(): void;
}

/**
 * The image modal (spec 02 §2, §4): the picture (uploaded with progress), 'Título' (hover text), a link and 'Abrir em
 * nova aba'. Salvar applies and closes; Cancelar closes; Remover deletes the image and the modal stays open, saying
 * to select an image to edit.
 */
export function ImageModal({ opened, mode, initial, onSave, onCancel, onDelete }: ImageModalProps) {
  const { t } = useTranslation();
  const [data, setData] = useState(initial);

  // Starts afresh each time it opens; edits are kept while it stays open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only.
  useEffect(() => {
    if (opened) setData(initial);
  }, [opened]);

  const set = <K extends keyof ImageFormData>(key: K, value: ImageFormData[K]) =>
    setData((d) => ({ ...d, [key]: value }));

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      title={mode === 'insert' ? t('editor.image.insertTitle') : t('editor.image.editTitle')}
      centered
      size="lg"
    >
      {mode === 'none' ? (
        <Stack gap="md">
          <Text role="status">{t('editor.image.selectToEdit')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>
              {t('app.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (data.src) onSave(data);
          }}
        >
          <Stack gap="sm">
            <ImageUpload
              label={t('editor.image.picture')}
              value={data.src || null}
              onChange={(url) => set('src', url ?? '')}
            />
            <TextInput
              label={t('editor.image.imageTitle')}
              description={t('editor.image.imageTitleHelp')}
              value={data.title}
              onChange={(e) => set('title', e.currentTarget.value)}
            />
            <TextInput
              label={t('editor.image.href')}
              description={t('editor.image.hrefHelp')}
              value={data.href}
              onChange={(e) => set('href', e.currentTarget.value)}
              inputMode="url"
            />
            <Checkbox
              label={t('editor.openInNewTab')}
              checked={data.openExternal}
              onChange={(e) => set('openExternal', e.currentTarget.checked)}
            />
            <Group justify="space-between" mt="sm">
              {mode === 'edit' ? (
                <Button variant="subtle" color="danger" onClick={onDelete}>
                  {t('editor.image.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onCancel}>
                  {t('app.cancel')}
                </Button>
                <Button type="submit" disabled={!data.src}>
                  {t('app.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
