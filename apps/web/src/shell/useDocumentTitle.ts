import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Each screen names itself in the browser tab and for screen readers arriving on it (WCAG 2.4.2). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title && title !== app ? `${title} · ${app}` : app;
  }, [title, app]);
}
