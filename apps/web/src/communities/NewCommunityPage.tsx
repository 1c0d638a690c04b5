import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type CommunityCreateInput, communityCreateSchema } from '@mutirao/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { FormAlert } from '../forms/FormAlert';
import { applyServerErrors, errorText } from '../forms/serverErrors';
import { useLocale } from '../i18n/useLocale';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { showSuccess } from '../shell/toasts';
import { createCommunity } from './communitiesApi';
import { SignOutButton } from './SignOutButton';

/** Spec 01 §2 and §5: name and city, then the new community becomes the selected one. */
export default function NewCommunityPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { communities, refresh, selectCommunity } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommunityCreateInput>({
    resolver: zodResolver(communityCreateSchema),
    defaultValues: { name: '', city: '' },
  });

  // A mutation, so that a failed request reaches the generic toast through the mutation cache; refusals go on the fields.
  const create = useMutation({ mutationFn: createCommunity, meta: { showsErrors: 'refusals' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      const session = await refresh();
      selectCommunity(session.communities.find((c) => c.id === created.id) ?? created);
      showSuccess(t('toast.communityCreated'));
      navigate('/mobilizations');
    } catch (error) {
      applyServerErrors(error, ['name', 'city'], setError);
    }
  });

  return (
    <CenteredPage
      title={t('communities.newTitle')}
      subtitle={t('communities.newSubtitle')}
      topActions={<SignOutButton />}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('communities.name')}
            required
            autoComplete="organization"
            error={errorText(locale, errors.name)}
            {...register('name')}
          />
          <TextInput
            label={t('communities.city')}
            required
            autoComplete="address-level2"
            error={errorText(locale, errors.city)}
            {...register('city')}
          />
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t('communities.submitNew')}
          </Button>
          {communities.length > 0 && (
            <Anchor component={Link} to="/communities" size="sm" ta="center">
              {t('communities.backToList')}
            </Anchor>
          )}
        </Stack>
      </form>
    </CenteredPage>
  );
}
