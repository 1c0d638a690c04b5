import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { FormAlert } from '../forms/FormAlert';
import { showSuccess } from '../shell/toasts';
import { cancelDonation, type ManagedDonation, refusal } from './manageApi';

/**
 * Cancelling, after a confirmation (spec 01 §4 "Subscription: active, cancelled by user after confirmation"). The
 * dialog keeps the focus inside, starts on the safe choice, and closes with Escape.
 */
export function CancelSection({ token, onSaved }: { token: string; onSaved(answer: ManagedDonation): void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelDonation(token),
    onSuccess: (answer) => {
      setAsking(false);
      onSaved(answer);
      showSuccess(t('kinds.donation.manageCanceled'));
    },
    meta: { showsErrors: 'refusals' },
  });
  return (
    <Stack gap="sm" align="flex-start">
      {cancel.isError && <FormAlert message={refusal(cancel.error) ?? t('kinds.donation.manageLoadFailed')} />}
      <Button color="danger.8" variant="outline" onClick={() => setAsking(true)}>
        {t('kinds.donation.manageCancel')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('kinds.donation.manageCancelTitle')}
        message={t('kinds.donation.manageCancelText')}
        confirmLabel={t('kinds.donation.manageCancelConfirm')}
        cancelLabel={t('kinds.donation.manageCancelKeep')}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
