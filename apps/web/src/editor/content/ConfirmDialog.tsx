import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, e.g. 'Deseja remover o widget?'. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Given by a dialog that may open a confirmation over itself (the background dialog asks before removing an image).
 * Mantine closes every open modal on Escape; while covered, the dialog below ignores it, so Escape closes only the
 * confirmation on top.
 */
export const CoveringDialogContext = createContext<((covered: boolean) => void) | undefined>(undefined);

/**
 * The editor's confirmations (spec 01 §8, spec 02 §8). A modal dialog: focus is trapped inside and returned on close,
 * Escape cancels, and the safe choice (cancel) has the focus first.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cover = useContext(CoveringDialogContext);
  useEffect(() => {
    if (!cover) return;
    cover(opened);
    return () => cover(false);
  }, [cover, opened]);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      title={title}
      centered
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel ?? t('app.cancel')}
          </Button>
          <Button color={danger ? 'danger.8' : undefined} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
