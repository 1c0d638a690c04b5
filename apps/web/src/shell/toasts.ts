import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@mutirao/core';
import { i18next } from '../i18n/i18n';

const REQUEST_ERROR_ID = 'request-error';

/**
 * The generic 'Ops!' toast (spec 01 §8), or, given the server's own explanation of a refusal, that text under the
 * same title. It stays until closed: the user may be mid-task when it appears. One at a time: a new failure replaces it.
 */
export function showRequestError(message?: string) {
  notifications.hide(REQUEST_ERROR_ID);
  notifications.show({
    id: REQUEST_ERROR_ID,
    title: i18next.t('toast.requestErrorTitle'),
    message: message ?? i18next.t('toast.requestErrorMessage'),
    color: 'danger.6',
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('app.close') },
  });
}

/** Success toasts close on their own after 5 s (spec 01 §9). */
export function showSuccess(message: string, title = i18next.t('toast.savedTitle')) {
  notifications.show({
    title,
    message,
    color: 'success.6',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('app.close') },
  });
}

/** A failure the user can act on (retry, write to support): it stays until closed, like the generic error. */
export function showFailure(title: string, message: string) {
  notifications.show({
    title,
    message,
    color: 'danger.6',
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('app.close') },
  });
}

/** Neither a success nor a failure (nothing to do, nothing found): closes on its own like a success. */
export function showNotice(message: string) {
  notifications.show({
    message,
    color: 'gray.6',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('app.close') },
  });
}
