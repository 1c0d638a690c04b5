import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { recoverPasswordSchema } from '@mutirao/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { SandboxMailboxLink } from '../mailbox/SandboxMailboxLink';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { requestPasswordRecovery } from './authApi';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: recoverPasswordSchema,
    defaultValues: { email: params.get('email') ?? '' },
    submit: async (values) => {
      await requestPasswordRecovery(values);
      setSent(true);
    },
  });

  return (
    <CenteredPage title={t('auth.recoverTitle')} subtitle={t('auth.recoverHelp')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {/* The same answer whether or not the account exists, so the form cannot reveal who has one. */}
          {sent && (
            <Alert color="success" variant="light" role="status">
              {t('toast.recoverySent')}
            </Alert>
          )}
          {sent && <SandboxMailboxLink />}
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
          <FormAlert message={serverError} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            {t('auth.submitRecover')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </CenteredPage>
  );
}
