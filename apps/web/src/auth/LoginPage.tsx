import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type LoginInput, loginSchema } from '@mutirao/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../api/navigation';
import { FormAlert } from '../forms/FormAlert';
import { applyServerErrors, errorText } from '../forms/serverErrors';
import { useLocale } from '../i18n/useLocale';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { signIn } from './authApi';
import { useSession } from './SessionProvider';

export default function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn(values);
      await refresh();
      navigate(next, { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, ['email', 'password'], setError)) throw error;
    }
  });

  const email = watch('email');
  const forgotHref = email ? `/forgot-password?email=${encodeURIComponent(email)}` : '/forgot-password';
  const passwordError = errorText(locale, errors.password);

  return (
    <CenteredPage title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            error={errorText(locale, errors.email)}
            {...register('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            error={
              passwordError &&
              (errors.password?.type === 'server' ? (
                <>
                  {passwordError}{' '}
                  <Anchor component={Link} to={forgotHref} fz="inherit" c="inherit" td="underline">
                    {t('auth.forgotPassword')}
                  </Anchor>
                </>
              ) : (
                passwordError
              ))
            }
            {...register('password')}
          />
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t('auth.submitLogin')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={forgotHref} size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
            <Text size="sm">
              {t('auth.noAccount')}{' '}
              <Anchor component={Link} to="/register" fw={700}>
                {t('auth.createAccount')}
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </CenteredPage>
  );
}
