import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type FieldProps = UseFormRegisterReturn & { error?: string };

/** A new password and its confirmation: sign-up, the reset link, and sign-up from an invitation. */
export function NewPasswordFields({ field }: { field: (name: 'password' | 'password_confirmation') => FieldProps }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput label={t('auth.password')} autoComplete="new-password" required {...field('password')} />
      <PasswordInput
        label={t('auth.passwordConfirmation')}
        autoComplete="new-password"
        required
        {...field('password_confirmation')}
      />
    </>
  );
}
