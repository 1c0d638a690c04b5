import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { renderMessage } from '@mutirao/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/useLocale';
import { checkEmbed } from './embeds';

interface EmbedDialogProps {
  opened: boolean;
  initial: string;
  /** Editing an embed already in the text: shows Remover. */
  existing: boolean;
  onSave(code: string): void;
  onCancel(): void;
  onRemove(): void;
}

/** Code to embed (a video, a map, a petition counter): it must start with an iframe or a script tag (spec 02 §5). */
export function EmbedDialog({ opened, initial, existing, onSave, onCancel, onRemove }: EmbedDialogProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only.
  useEffect(() => {
    if (opened) {
      setCode(initial);
      setError(undefined);
    }
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      title={t('editor.embed.title')}
      centered
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const refused = checkEmbed(code);
          if (refused) setError(renderMessage(locale, refused));
          else onSave(code);
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('editor.embed.code')}
            description={t('editor.embed.codeHelp')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autosize
            minRows={5}
            maxRows={14}
            styles={{ input: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } }}
            data-autofocus
          />
          <Group justify="space-between" mt="sm">
            {existing ? (
              <Button variant="subtle" color="danger" onClick={onRemove}>
                {t('editor.embed.remove')}
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
