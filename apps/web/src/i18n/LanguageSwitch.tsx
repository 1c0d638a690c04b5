import { NativeSelect } from '@mantine/core';
import { LOCALES } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale } from './i18n';
import { useLocale } from './useLocale';

/** pt-BR / es / en. Each option names its language in that language, so anyone can find their own. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <NativeSelect
      size={compact ? 'xs' : 'sm'}
      label={t('app.language')}
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void changeLocale(next);
      }}
      data={LOCALES.map((l) => ({ value: l, label: t(`app.languages.${l}`) }))}
      w={compact ? 140 : undefined}
    />
  );
}
