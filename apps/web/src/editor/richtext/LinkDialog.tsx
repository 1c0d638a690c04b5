import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LinkData, looksLikeUrl } from './links';

interface LinkDialogProps {
  opened: boolean;
  /** The link's data, or the selected text for a new one. */
  initial: Required<LinkData>;
  /** Whether a link node exists already (one just wrapped around the selection counts): shows Remover. */
  existing: boolean;
  onSave(data: LinkData): void;
  /** Cancelar or closing: a new link with no address is removed by the caller (spec 02 §4). */
  onCancel(): void;
  onRemove(): void;
}

/**
 * The link dialog (spec 02 §2): Título, URL, Texto and 'Abrir em nova aba', with Salvar, Cancelar and Remover.
 * Saving with no URL removes the link; the URL pattern only advises (spec 02 §5).
 */
export function LinkDialog({ opened, initial, existing, onSave, onCancel, onRemove }: LinkDialogProps) {
  const { t } = useTranslation();
  const [data, setData] = useState(initial);

  // Starts afresh each time it opens; edits are kept while it stays open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only.
  useEffect(() => {
    if (opened) setData(initial);
  }, [opened]);

  const set = <K extends keyof LinkData>(key: K, value: LinkData[K]) => setData((d) => ({ ...d, [key]: value }));
  const advice = data.href.trim() && !looksLikeUrl(data.href) ? t('editor.link.hrefAdvice') : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      title={t('editor.link.title')}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(data);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('editor.link.href')}
            value={data.href}
            onChange={(e) => set('href', e.currentTarget.value)}
            description={advice}
            placeholder="https://"
            data-autofocus
            inputMode="url"
          />
          <TextInput
            label={t('editor.link.text')}
            value={data.text}
            onChange={(e) => set('text', e.currentTarget.value)}
          />
          <TextInput
            label={t('editor.link.linkTitle')}
            description={t('editor.link.linkTitleHelp')}
            value={data.title}
            onChange={(e) => set('title', e.currentTarget.value)}
          />
          <Checkbox
            label={t('editor.openInNewTab')}
            checked={data.openExternal !== false}
            onChange={(e) => set('openExternal', e.currentTarget.checked)}
          />
          <Group justify="space-between" mt="sm">
            {existing ? (
              <Button variant="subtle" color="danger" onClick={onRemove}>
                {t('editor.link.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onCancel}>
                {t('app.cancel')}
              </Button>
              <Button type="submit">{t('app.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
