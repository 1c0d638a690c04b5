import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type PasswordChangeInput, passwordChangeSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { showSuccess } from '../shell/toasts';
import { changePassword } from './accountApi';

const empty: PasswordChangeInput = { current_password: '', password: '', password_confirmation: '' };

/**
 * The password change: the current password (a wrong one is an error on that field), the new one and its
 * confirmation with the register rules. The server signs out the user's other sessions and keeps this one.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: passwordChangeSchema,
    defaultValues: empty,
    submit: async (values) => {
      await changePassword(values);
      form.reset(empty);
      showSuccess(t('account.passwordChanged'));
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-change-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="password-change-title">
          {t('account.passwordTitle')}
        </Title>
        <Text size="sm">{t('account.passwordHelp')}</Text>
        <PasswordInput
          label={t('account.currentPassword')}
          autoComplete="current-password"
          required
          {...field('current_password')}
        />
        <PasswordInput label={t('account.newPassword')} autoComplete="new-password" required {...field('password')} />
        <PasswordInput
          label={t('account.newPasswordConfirmation')}
          autoComplete="new-password"
          required
          {...field('password_confirmation')}
        />
        <FormAlert message={serverError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('account.passwordSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
