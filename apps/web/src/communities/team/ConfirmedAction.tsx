import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalMessage } from '../../api/client';
import { ConfirmDialog } from '../../editor/content/ConfirmDialog';
import { showSuccess } from '../../shell/toasts';

interface ConfirmedActionProps {
  label: string;
  /** The button's accessible name, naming its row (e.g. 'Cancelar o convite para ana@…'). */
  ariaLabel: string;
  title: string;
  message: string;
  run(): Promise<unknown>;
  /** Toast text once it is done. */
  done: string;
  /** After success: refresh the lists, and move the focus when this row goes away. */
  onDone(): Promise<void> | void;
  /** Where a refusal (403, 422) is shown: beside the list. */
  onRefused(message: string): void;
  danger?: boolean;
}

/**
 * A row's action that asks first (resend, revoke, remove, leave). The dialog traps the focus and gives it back to the
 * button on cancel; a refusal the server explains is shown beside the list, and a failed request gets the generic toast.
 */
export function ConfirmedAction({
  label,
  ariaLabel,
  title,
  message,
  run,
  done,
  onDone,
  onRefused,
  danger,
}: ConfirmedActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const action = useMutation({
    mutationFn: run,
    onSuccess: async () => {
      setOpen(false);
      showSuccess(done);
      await onDone();
    },
    onError: (error) => {
      setOpen(false);
      const text = refusalMessage(error);
      if (text) onRefused(text);
    },
    meta: { showsErrors: 'refusals' },
  });
  return (
    <>
      <Button
        variant="subtle"
        size="xs"
        color={danger ? 'danger' : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <ConfirmDialog
        opened={open}
        title={title}
        message={message}
        confirmLabel={t('team.confirm')}
        cancelLabel={t('team.back')}
        danger={danger}
        busy={action.isPending}
        onConfirm={() => action.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
