import { Anchor, Button, Stack } from '@mantine/core';
import { resetPasswordSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { showSuccess } from '../shell/toasts';
import { resetPassword } from './authApi';
import { NewPasswordFields } from './NewPasswordFields';
import { useSession } from './SessionProvider';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: resetPasswordSchema,
    defaultValues: { token, password: '', password_confirmation: '' },
    submit: async (values) => {
      await resetPassword(values);
      showSuccess(t('toast.passwordChanged'));
      // The server ends every session of the account when its password changes.
      await refresh();
      navigate('/login', { replace: true });
    },
  });

  const linkProblem = token ? serverError || errorOf('token') : t('errors.resetLinkInvalid');
  return (
    <CenteredPage title={t('auth.resetTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordFields field={field} />
          <FormAlert message={linkProblem}>
            {' '}
            <Anchor component={Link} to="/forgot-password" c="inherit" fz="inherit" td="underline">
              {t('auth.requestNewLink')}
            </Anchor>
          </FormAlert>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!token} fullWidth>
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
