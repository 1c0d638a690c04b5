import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/**
 * Every layout gives its `main` the id `main-content` and tabIndex -1, so following this link moves keyboard
 * focus past the sidebar.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main-content" className={classes.skip}>
      {t('app.skipToContent')}
    </a>
  );
}
