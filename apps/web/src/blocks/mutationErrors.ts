import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { i18next } from '../i18n/i18n';

/**
 * A change the server refused was already undone on screen; this says why (the block mutations declare
 * `showsErrors: 'refusals'`). Any other failure already showed the generic 'Ops!' toast through the mutation cache,
 * and a lost session went to the login, so those add nothing here.
 */
export function showMutationError(error: unknown) {
  if (!(error instanceof ApiError) || error.kind !== 'response') return;
  const serverText = [...error.messages, ...Object.values(error.fields).flat()][0];
  notifications.show({
    title: i18next.t('editor.changeFailedTitle'),
    message: serverText ?? i18next.t('editor.changeFailed'),
    color: 'danger.6',
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('app.close') },
  });
}
