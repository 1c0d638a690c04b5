import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { registerSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { signUp } from './authApi';
import { NewPasswordFields } from './NewPasswordFields';
import { useSession } from './SessionProvider';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: registerSchema,
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
    submit: async (values) => {
      await signUp(values);
      await refresh();
      // The home route sends a user without a community on to create one.
      navigate('/', { replace: true });
    },
  });

  return (
    <CenteredPage title={t('auth.registerTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth.name')} autoComplete="given-name" required {...field('name')} />
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
          <NewPasswordFields field={field} />
          <FormAlert message={serverError} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
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
