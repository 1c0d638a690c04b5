import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../editor/content/ConfirmDialog';

/**
 * Leaving a settings tab with unsaved changes asks first (spec 02 §4 "Field editor", §8): another route through the
 * router's blocker, a reload or a closed tab through the browser's own question. Render the returned dialog.
 */
export function useUnsavedChanges(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('widgetSettings.unsavedTitle')}
      message={t('widgetSettings.unsavedMessage')}
      confirmLabel={t('widgetSettings.leave')}
      cancelLabel={t('widgetSettings.stay')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
