import { Alert, Button, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { mailchimpSettingsSchema, policies } from '@mutirao/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { showSuccess } from '../../shell/toasts';
import { CommunitySettingsPage } from './CommunitySettingsPage';
import { MailchimpStatus } from './MailchimpStatus';
import {
  fetchMailchimp,
  type MailchimpSettings,
  type MailchimpTest,
  mailchimpQueryKey,
  resyncMailchimp,
  saveMailchimp,
  testMailchimp,
} from './mailchimpApi';

const formValues = (s: MailchimpSettings) => ({
  // Write-only: the saved key never comes back; blank keeps it.
  mailchimp_api_key: '',
  mailchimp_list_id: s.mailchimp.mailchimp_list_id ?? '',
  mailchimp_group_id: s.mailchimp.mailchimp_group_id ?? '',
});

function MailchimpForm({ communityId, settings }: { communityId: number; settings: MailchimpSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [test, setTest] = useState<MailchimpTest | undefined>();
  const [testing, setTesting] = useState(false);
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: mailchimpSettingsSchema,
    defaultValues: formValues(settings),
    submit: async (values) => {
      const saved = await saveMailchimp(communityId, values);
      queryClient.setQueryData(mailchimpQueryKey(communityId), saved);
      form.reset(formValues(saved));
      showSuccess(t('mailchimp.saved'));
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const saved = settings.mailchimp.api_key_set;
  const runTest = async () => {
    setTesting(true);
    setTest(undefined);
    try {
      const values = form.getValues();
      setTest(
        await testMailchimp(communityId, {
          mailchimp_api_key: values.mailchimp_api_key || undefined,
          mailchimp_list_id: values.mailchimp_list_id || undefined,
        }),
      );
    } finally {
      setTesting(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('mailchimp.apiKey')}
          description={`${t('mailchimp.apiKeyHint')} ${t(saved ? 'mailchimp.apiKeySaved' : 'mailchimp.apiKeyMissing')}`}
          required={!saved}
          autoComplete="new-password"
          {...field('mailchimp_api_key')}
        />
        <TextInput
          label={t('mailchimp.listId')}
          description={t('mailchimp.listIdHint')}
          required
          autoComplete="off"
          spellCheck={false}
          {...field('mailchimp_list_id')}
        />
        <TextInput
          label={t('mailchimp.groupId')}
          description={t('mailchimp.groupIdHint')}
          autoComplete="off"
          spellCheck={false}
          {...field('mailchimp_group_id')}
        />
        <FormAlert message={serverError} />
        {test && (
          <Alert color={test.ok ? 'teal' : 'danger'} variant="light" role="status">
            {test.ok
              ? t('mailchimp.testOk', { name: test.list.name, count: test.list.member_count })
              : t('mailchimp.testFailed', { error: test.error.message })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={runTest} loading={testing}>
            {t('mailchimp.test')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('mailchimp.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/community/mailchimp`, the Mailchimp tab (spec 01 §2): the community's list, the sync's state and, in sandbox
 * mode, the calls recorded. Admins edit it; a member who may not manage the community sees the state read-only.
 */
export default function CommunityMailchimpPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user, community } = useSession();
  const id = community?.id ?? 0;
  const settings = useQuery({
    queryKey: mailchimpQueryKey(id),
    queryFn: () => fetchMailchimp(id),
    enabled: id > 0,
    // The queue, the resync's progress and the recorded calls move while the tab is open.
    refetchInterval: 3000,
  });
  const role = community?.role ?? undefined;
  const canManage = policies.canManageCommunity(
    { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    role ? { communityId: id, role } : undefined,
  );
  const onResync = async () => {
    queryClient.setQueryData(mailchimpQueryKey(id), await resyncMailchimp(id));
  };
  return (
    <CommunitySettingsPage description={t('mailchimp.intro')}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880}>
        {settings.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {settings.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('mailchimp.loadFailed')}
          </Alert>
        )}
        {settings.data && (
          <Stack gap="xl">
            {settings.data.sandbox && (
              <Alert color="blue" variant="light">
                {t('mailchimp.sandbox')}
              </Alert>
            )}
            {canManage ? (
              <MailchimpForm communityId={id} settings={settings.data} />
            ) : (
              <Alert color="gray" variant="light">
                {t('mailchimp.readOnly')}
              </Alert>
            )}
            <MailchimpStatus settings={settings.data} canManage={canManage} onResync={onResync} />
          </Stack>
        )}
      </Paper>
    </CommunitySettingsPage>
  );
}
