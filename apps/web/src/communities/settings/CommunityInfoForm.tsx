import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { communityInfoSchema, timeZoneOr } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { ImageUpload } from '../../uploads/ImageUpload';
import { type CommunityDetails, communityQueryKey, updateCommunity } from './communityApi';
import { TimeZoneSelect } from './TimeZoneSelect';

const formValues = (c: CommunityDetails) => ({
  name: c.name,
  city: c.city,
  description: c.description ?? '',
  image: c.image ?? '',
  fb_link: c.fb_link ?? '',
  twitter_link: c.twitter_link ?? '',
  email_template_from: c.email_template_from ?? '',
  time_zone: timeZoneOr(c.time_zone),
});

/** Name, city, description, logo, profile links and the e-mail sender; read-only for those who may not manage. */
export function CommunityInfoForm({ community, readOnly }: { community: CommunityDetails; readOnly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { refresh, selectCommunity } = useSession();
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: communityInfoSchema,
    defaultValues: formValues(community),
    submit: async (values) => {
      const saved = await updateCommunity(community.id, values);
      queryClient.setQueryData(communityQueryKey(community.id), saved);
      form.reset(formValues(saved));
      showSuccess(t('communitySettings.saved'));
      // The sidebar shows the name and logo from the session, and the community cookie keeps a copy.
      const session = await refresh();
      const fresh = session.communities.find((c) => c.id === community.id);
      if (fresh) selectCommunity(fresh);
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const input = (name: keyof ReturnType<typeof formValues>) => ({ ...field(name), readOnly });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" variant="light">
            {t('communitySettings.readOnly')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('communities.name')}
            required={!readOnly}
            autoComplete="organization"
            {...input('name')}
          />
          <TextInput
            label={t('communities.city')}
            required={!readOnly}
            autoComplete="address-level2"
            {...input('city')}
          />
        </SimpleGrid>
        <Textarea
          label={t('communitySettings.description')}
          description={t('communitySettings.descriptionHint')}
          autosize
          minRows={3}
          maxRows={10}
          {...input('description')}
        />
        <Controller
          control={form.control}
          name="image"
          render={({ field: logo }) => (
            <ImageUpload
              label={t('communitySettings.logo')}
              description={t('communitySettings.logoHint')}
              value={logo.value}
              onChange={(url) => logo.onChange(url ?? '')}
              readOnly={readOnly}
            />
          )}
        />
        <FormAlert message={errorOf('image')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('communitySettings.fbLink')}
            placeholder={readOnly ? undefined : t('communitySettings.fbPlaceholder')}
            type="url"
            inputMode="url"
            {...input('fb_link')}
          />
          <TextInput
            label={t('communitySettings.twitterLink')}
            placeholder={readOnly ? undefined : t('communitySettings.twitterPlaceholder')}
            type="url"
            inputMode="url"
            {...input('twitter_link')}
          />
        </SimpleGrid>
        <TextInput
          label={t('communitySettings.emailFrom')}
          description={t('communitySettings.emailFromHint')}
          placeholder={readOnly ? undefined : t('communitySettings.emailFromPlaceholder')}
          {...input('email_template_from')}
        />
        <Controller
          control={form.control}
          name="time_zone"
          render={({ field: zone }) => (
            <TimeZoneSelect
              value={zone.value ?? ''}
              onChange={zone.onChange}
              onBlur={zone.onBlur}
              error={errorOf('time_zone')}
              readOnly={readOnly}
            />
          )}
        />
        <FormAlert message={serverError} />
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('app.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
