import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../api/navigation';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { signIn } from './authApi';
import { useSession } from './SessionProvider';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    submit: async (values) => {
      await signIn(values);
      await refresh();
      navigate(next, { replace: true });
    },
  });

  const email = form.watch('email');
  const forgotHref = email ? `/forgot-password?email=${encodeURIComponent(email)}` : '/forgot-password';
  const passwordError = errorOf('password');

  return (
    <CenteredPage title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            error={
              passwordError &&
              (form.formState.errors.password?.type === 'server' ? (
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
            {...form.register('password')}
          />
          <FormAlert message={serverError} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
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
