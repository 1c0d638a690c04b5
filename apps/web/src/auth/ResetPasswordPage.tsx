import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type ResetPasswordInput, resetPasswordSchema } from '@mutirao/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { applyServerErrors, errorText } from '../forms/serverErrors';
import { useLocale } from '../i18n/useLocale';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { showSuccess } from '../shell/toasts';
import { resetPassword } from './authApi';
import { useSession } from './SessionProvider';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword(values);
      showSuccess(t('toast.passwordChanged'));
      // The server ends every session of the account when its password changes.
      await refresh();
      navigate('/login', { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, ['password', 'password_confirmation'], setError)) throw error;
    }
  });

  const linkProblem = token
    ? errors.root?.server?.message || errorText(locale, errors.token)
    : t('errors.resetLinkInvalid');
  return (
    <CenteredPage title={t('auth.resetTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('auth.password')}
            autoComplete="new-password"
            required
            error={errorText(locale, errors.password)}
            {...register('password')}
          />
          <PasswordInput
            label={t('auth.passwordConfirmation')}
            autoComplete="new-password"
            required
            error={errorText(locale, errors.password_confirmation)}
            {...register('password_confirmation')}
          />
          <FormAlert message={linkProblem}>
            {' '}
            <Anchor component={Link} to="/forgot-password" c="inherit" fz="inherit" td="underline">
              {t('auth.requestNewLink')}
            </Anchor>
          </FormAlert>
          <Button type="submit" loading={isSubmitting} disabled={!token} fullWidth>
            {t('auth.submitReset')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </CenteredPage>
  );
}
