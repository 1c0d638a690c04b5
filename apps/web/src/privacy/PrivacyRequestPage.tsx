import { Alert, Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type DataRequestInput, dataRequestSchema } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { SandboxMailboxLink } from '../mailbox/SandboxMailboxLink';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { fetchRequestPage, sendDataRequest } from './privacyApi';

/**
 * `/privacy?mobilization={id}`: where the consent notice under every action widget leads (through the page's own
 * `/seus-dados`). A visitor asks for a copy of their data or its erasure; the answer is the same whether or not the
 * community knows the address, and the link that carries the request out goes to the address only.
 */
export default function PrivacyRequestPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mobilizationId = Number(params.get('mobilization'));
  const valid = Number.isInteger(mobilizationId) && mobilizationId > 0;
  const page = useQuery({
    queryKey: ['data-requests', 'page', mobilizationId],
    queryFn: () => fetchRequestPage(mobilizationId),
    enabled: valid,
    retry: false,
    meta: { showsErrors: 'refusals' },
  });
  const [sent, setSent] = useState(false);
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm<DataRequestInput>({
    schema: dataRequestSchema,
    defaultValues: { mobilization_id: mobilizationId, email: '', kind: undefined as unknown as 'access' },
    submit: async (values) => {
      await sendDataRequest(values);
      setSent(true);
    },
  });

  if (!valid || page.isError) {
    return (
      <CenteredPage title={t('dataRequests.title')}>
        <Alert color="danger" variant="light" role="alert">
          {t('dataRequests.pageNotFound')}
        </Alert>
      </CenteredPage>
    );
  }
  if (page.isPending) return <LoadingScreen label={t('dataRequests.loading')} />;
  const hours = page.data.ttl_hours;
  return (
    <CenteredPage
      title={t('dataRequests.title')}
      subtitle={t('dataRequests.intro', { community: page.data.community.name })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {sent && (
            <Alert color="success" variant="light" role="status">
              {t('dataRequests.sent', { hours })}
            </Alert>
          )}
          {sent && <SandboxMailboxLink />}
          <Text size="sm" c="dimmed">
            {page.data.mobilization.name}
          </Text>
          <TextInput
            label={t('dataRequests.emailLabel')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <Controller
            control={form.control}
            name="kind"
            render={({ field: kind }) => (
              <Radio.Group
                label={t('dataRequests.kindLabel')}
                required
                value={kind.value ?? null}
                onChange={(value) => kind.onChange(value)}
                error={errorOf('kind')}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="access" label={t('dataRequests.kindAccess')} />
                  <Radio value="erasure" label={t('dataRequests.kindErasure')} />
                </Stack>
              </Radio.Group>
            )}
          />
          <FormAlert message={serverError} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            {t('dataRequests.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredPage>
  );
}
