import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { accountSchema } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { FormAlert } from '../forms/FormAlert';
import { applyServerErrors, errorText } from '../forms/serverErrors';
import { useLocale } from '../i18n/useLocale';
import { showSuccess } from '../shell/toasts';
import { ImageUpload } from '../uploads/ImageUpload';
import { type AccountUser, ME_QUERY_KEY, updateMe } from './accountApi';

const FIELDS = ['avatar', 'first_name', 'last_name', 'email'] as const;

export function AccountForm({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(accountSchema),
    defaultValues: {
      avatar: user.avatar ?? '',
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      email: user.email,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateMe(values);
      queryClient.setQueryData(ME_QUERY_KEY, saved);
      reset({
        avatar: saved.avatar ?? '',
        first_name: saved.first_name ?? '',
        last_name: saved.last_name ?? '',
        email: saved.email,
      });
      showSuccess(t('toast.accountSaved'));
      // The sidebar shows the e-mail from the session.
      void refresh();
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) throw error;
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="avatar"
          render={({ field }) => (
            <ImageUpload
              label={t('account.avatar')}
              value={field.value}
              onChange={(url) => field.onChange(url ?? '')}
            />
          )}
        />
        <FormAlert message={errorText(locale, errors.avatar)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('account.firstName')}
            autoComplete="given-name"
            required
            error={errorText(locale, errors.first_name)}
            {...register('first_name')}
          />
          <TextInput
            label={t('account.lastName')}
            autoComplete="family-name"
            error={errorText(locale, errors.last_name)}
            {...register('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t('account.email')}
          type="email"
          autoComplete="email"
          required
          error={errorText(locale, errors.email)}
          {...register('email')}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('account.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
