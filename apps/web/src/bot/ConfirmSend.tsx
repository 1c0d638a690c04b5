import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageValues } from './botApi';

/** The plural rules' 'one' (1 in pt-BR, es and en): the language helper's ICU plurals may replace this choice. */

/** The message as Messenger shows it to a recipient: a grey bubble, and the quick reply's button under it. */
function MessengerBubble({ message }: { message: MessageValues }) {
  const button = message.quick_reply_button_text.trim();
  return (
    <Stack gap="xs" align="flex-start" p="md" bg="gray.0" style={{ borderRadius: 8 }} data-testid="message-preview">
      <Box
        bg="gray.2"
        px="md"
        py="sm"
        maw={320}
        style={{ borderRadius: 18, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <Text size="sm">{message.text}</Text>
      </Box>
      {button && (
        <Box
          component="span"
          px="md"
          py={6}
          c="brand.8"
          fw={600}
          fz="sm"
          style={{ border: '1px solid currentColor', borderRadius: 999 }}
        >
          {button}
        </Box>
      )}
    </Stack>
  );
}

interface ConfirmSendProps {
  opened: boolean;
  count: number;
  message: MessageValues;
  sending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * Sending reaches everyone at once and cannot be undone, so it asks first, naming how many people and showing the
 * message as they will see it. The dialog takes the focus (on 'Cancelar', the safe choice), Esc cancels, and the
 * focus goes back to the send button.
 */
export function ConfirmSend({ opened, count, message, sending, onCancel, onConfirm }: ConfirmSendProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('massMessages.confirmTitle', { count })} returnFocus>
      <Stack gap="md">
        <Text size="sm">{t('massMessages.confirmPreview')}</Text>
        <MessengerBubble message={message} />
        <Text size="sm" c="dimmed">
          {t('massMessages.confirmNoUndo')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('massMessages.confirmCancel')}
          </Button>
          <Button onClick={onConfirm} loading={sending}>
            {t('massMessages.confirmSend')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
