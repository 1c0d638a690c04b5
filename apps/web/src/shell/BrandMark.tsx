import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's name with its mark, linking home. */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to="/"
      underline="never"
      c="inherit"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#ee0099" />
        <path d="M8 23V9h3.2l4.8 7 4.8-7H24v14h-3.2v-8.6L16 21l-4.8-6.6V23z" fill="#fff" />
      </svg>
      <Text component="span" fw={800} fz="xl">
        {t('app.name')}
      </Text>
    </Anchor>
  );
}
