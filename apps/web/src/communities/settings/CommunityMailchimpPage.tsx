import { Alert, Button, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { mailchimpSettingsSchema, policies } from '@mutirao/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { FormAlert } from '../../forms/FormAlert';
import { applyServerErrors } from '../../forms/serverErrors';
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

const FIELDS = ['mailchimp_api_key', 'mailchimp_list_id', 'mailchimp_group_id'] as const;

/** What Mailchimp said to the test: the list's name and size, or its refusal. */
function TestAnswer({ answer }: { answer: MailchimpTest }) {
  const { t } = useTranslation();
  return (
    <Alert color={answer.ok ? 'teal' : 'danger'} variant="light" role="status">
      {answer.ok
        ? t('mailchimp.testOk', { name: answer.list.name, count: answer.list.member_count })
        : t('mailchimp.testFailed', { error: answer.error.message })}
    </Alert>
  );
}

const formValues = (s: MailchimpSettings) => ({
  // Write-only: the saved key never comes back; blank keeps it.
  mailchimp_api_key: '',
  mailchimp_list_id: s.mailchimp.mailchimp_list_id ?? '',
  mailchimp_group_id: s.mailchimp.mailchimp_group_id ?? '',
});

function MailchimpForm({ communityId, settings }: { communityId: number; settings: MailchimpSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
  // 'Testar conexão' checks what the form holds now (blank: the stored values); a refusal lands on its field.
  const test = useMutation({
    mutationFn: () => {
      const values = form.getValues();
      return testMailchimp(communityId, {
        mailchimp_api_key: values.mailchimp_api_key || undefined,
        mailchimp_list_id: values.mailchimp_list_id || undefined,
      });
    },
    onError: (error) => applyServerErrors(error, FIELDS, form.setError),
    meta: { showsErrors: 'refusals' },
  });
  // The key is checked here first, with the rule the server applies, so a malformed one never leaves the browser.
  const runTest = async () => {
    test.reset();
    if (await form.trigger('mailchimp_api_key')) test.mutate();
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
        {test.data && <TestAnswer answer={test.data} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={runTest} loading={test.isPending}>
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
  const resync = useMutation({
    mutationFn: () => resyncMailchimp(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(mailchimpQueryKey(id), answer);
      showSuccess(t('mailchimp.resyncStarted'));
    },
  });
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
            <MailchimpStatus
              settings={settings.data}
              canManage={canManage}
              onResync={() => resync.mutate()}
              resyncing={resync.isPending}
            />
          </Stack>
        )}
      </Paper>
    </CommunitySettingsPage>
  );
}
