import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { accountSchema } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { showSuccess } from '../shell/toasts';
import { ImageUpload } from '../uploads/ImageUpload';
import { type AccountUser, ME_QUERY_KEY, updateMe } from './accountApi';

const formValues = (user: AccountUser) => ({
  avatar: user.avatar ?? '',
  first_name: user.first_name ?? '',
  last_name: user.last_name ?? '',
  email: user.email,
  current_password: '',
});

export function AccountForm({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: accountSchema,
    defaultValues: formValues(user),
    submit: async (values) => {
      const saved = await updateMe(values);
      queryClient.setQueryData(ME_QUERY_KEY, saved);
      form.reset(formValues(saved));
      showSuccess(t('toast.accountSaved'));
      // The sidebar shows the e-mail from the session.
      void refresh();
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  // A new e-mail needs the current password; the field appears only then.
  const changesEmail = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="avatar"
          render={({ field }) => (
            <ImageUpload
              label={t('account.avatar')}
              value={field.value}
              onChange={(url) => field.onChange(url ?? '')}
            />
          )}
        />
        <FormAlert message={errorOf('avatar')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('account.firstName')} autoComplete="given-name" required {...field('first_name')} />
          <TextInput label={t('account.lastName')} autoComplete="family-name" {...field('last_name')} />
        </SimpleGrid>
        <TextInput label={t('account.email')} type="email" autoComplete="email" required {...field('email')} />
        {changesEmail && (
          <PasswordInput
            label={t('account.currentPassword')}
            description={t('account.currentPasswordHelp')}
            autoComplete="current-password"
            required
            {...field('current_password')}
          />
        )}
        <FormAlert message={serverError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('account.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
