import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type RegisterInput, registerSchema } from '@mutirao/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { applyServerErrors, errorText } from '../forms/serverErrors';
import { useLocale } from '../i18n/useLocale';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { signUp } from './authApi';
import { useSession } from './SessionProvider';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp(values);
      await refresh();
      // The home route sends a user without a community on to create one.
      navigate('/', { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) throw error;
    }
  });

  return (
    <CenteredPage title={t('auth.registerTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.name')}
            autoComplete="given-name"
            required
            error={errorText(locale, errors.name)}
            {...register('name')}
          />
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
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t('auth.submitRegister')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={700}>
              {t('auth.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredPage>
  );
}
