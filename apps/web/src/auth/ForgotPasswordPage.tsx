import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type RecoverPasswordInput, recoverPasswordSchema } from '@mutirao/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { applyServerErrors, errorText } from '../forms/serverErrors';
import { useLocale } from '../i18n/useLocale';
import { SandboxMailboxLink } from '../mailbox/SandboxMailboxLink';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { requestPasswordRecovery } from './authApi';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecoverPasswordInput>({
    resolver: zodResolver(recoverPasswordSchema),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestPasswordRecovery(values);
      setSent(true);
    } catch (error) {
      if (!applyServerErrors(error, ['email'], setError)) throw error;
    }
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
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            error={errorText(locale, errors.email)}
            {...register('email')}
          />
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" loading={isSubmitting} fullWidth>
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
