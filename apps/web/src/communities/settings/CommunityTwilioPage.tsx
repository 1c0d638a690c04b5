import { Alert, Button, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { policies, twilioConfigurationSchema } from '@mutirao/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { showSuccess } from '../../shell/toasts';
import { CommunitySettingsPage } from './CommunitySettingsPage';
import { fetchTwilio, saveTwilio, type TwilioSettings, twilioQueryKey } from './twilioApi';

const formValues = (s: TwilioSettings) => ({
  twilio_account_sid: s.twilio_configuration?.twilio_account_sid ?? '',
  // Write-only: the saved token never comes back; blank keeps it.
  twilio_auth_token: '',
  twilio_number: s.twilio_configuration?.twilio_number ?? '',
});

function TwilioForm({
  communityId,
  settings,
  readOnly,
}: {
  communityId: number;
  settings: TwilioSettings;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: twilioConfigurationSchema,
    defaultValues: formValues(settings),
    submit: async (values) => {
      const saved = await saveTwilio(communityId, values);
      queryClient.setQueryData(twilioQueryKey(communityId), saved);
      form.reset(formValues(saved));
      showSuccess(t('twilio.saved'));
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const saved = settings.twilio_configuration?.auth_token_set;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {settings.sandbox && (
          <Alert color="blue" variant="light">
            {t('twilio.sandbox')}
          </Alert>
        )}
        {readOnly && (
          <Alert color="gray" variant="light">
            {t('twilio.readOnly')}
          </Alert>
        )}
        <TextInput
          label={t('twilio.accountSid')}
          description={t('twilio.accountSidHint')}
          required={!readOnly}
          readOnly={readOnly}
          autoComplete="off"
          spellCheck={false}
          {...field('twilio_account_sid')}
        />
        {!readOnly && (
          <PasswordInput
            label={t('twilio.authToken')}
            description={`${t('twilio.authTokenHint')} ${t(saved ? 'twilio.authTokenSaved' : 'twilio.authTokenMissing')}`}
            required={!saved}
            autoComplete="new-password"
            {...field('twilio_auth_token')}
          />
        )}
        <TextInput
          label={t('twilio.number')}
          description={t('twilio.numberHint')}
          required={!readOnly}
          readOnly={readOnly}
          type="tel"
          autoComplete="off"
          {...field('twilio_number')}
        />
        <FormAlert message={serverError} />
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('twilio.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * `/community/twilio`, the Twilio tab (spec 01 §2): the account that places the phone pressures' calls. Members edit
 * it (`policies.canManageCommunity`); anyone it refused would see the SID and number read-only. The auth token is
 * write-only.
 */
export default function CommunityTwilioPage() {
  const { t } = useTranslation();
  const { user, community } = useSession();
  const id = community?.id ?? 0;
  const settings = useQuery({ queryKey: twilioQueryKey(id), queryFn: () => fetchTwilio(id), enabled: id > 0 });
  const role = community?.role ?? undefined;
  const canManage = policies.canManageCommunity(
    { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    role ? { communityId: id, role } : undefined,
  );
  return (
    <CommunitySettingsPage description={t('twilio.intro')}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
        {settings.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {settings.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('twilio.loadFailed')}
          </Alert>
        )}
        {settings.data && <TwilioForm communityId={id} settings={settings.data} readOnly={!canManage} />}
      </Paper>
    </CommunitySettingsPage>
  );
}
