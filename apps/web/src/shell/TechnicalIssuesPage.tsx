import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Interpolate } from '../i18n/Interpolate';
import { CenteredPage } from './layouts/CenteredPage';

/** Matches the server's SUPPORT_EMAIL default. */
export const SUPPORT_EMAIL = 'suporte@mutirao.org';

/** Spec 01 §2: greeting, the problem, advice to check the fields and retry later, and whom to write to. */
export default function TechnicalIssuesPage() {
  const { t } = useTranslation();
  return (
    <CenteredPage title={t('pages.technicalTitle')} size="md">
      <Stack gap="md" align="flex-start">
        <Text fz="lg" fw={700}>
          {t('pages.technicalText')}
        </Text>
        <Text>{t('pages.technicalAdvice')}</Text>
        <Text>
          <Interpolate
            k="pages.technicalContact"
            values={{ email: <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor> }}
          />
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('pages.notFoundBack')}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
