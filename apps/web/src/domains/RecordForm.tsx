import { Button, Grid, NativeSelect, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { DNS_RECORD_TYPES, type DnsRecordType, dnsRecordSchema, MULTI_LINE_RECORD_TYPES } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { showSuccess } from '../shell/toasts';
import { createRecord, type HostedZone, recordsKey } from './domainsApi';

const blank = (zone: HostedZone) => ({
  name: zone.domain_name,
  record_type: 'A' as DnsRecordType,
  value: '',
  ttl: '3600',
});

/**
 * Adds a record set to a zone (spec 01 §5 record types). Types that hold several values (NS, MX, TXT...) take one
 * per line in a text area; the others take one value. Checked with core's schema here and again by the server.
 */
export function RecordForm({ communityId, zone }: { communityId: number; zone: HostedZone }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: dnsRecordSchema,
    defaultValues: blank(zone),
    submit: async (values) => {
      await createRecord(communityId, zone.id, values);
      await queryClient.invalidateQueries({ queryKey: recordsKey(communityId, zone.id) });
      form.reset(blank(zone));
      showSuccess(t('domains.dnsSaved'));
    },
  });
  const type = form.watch('record_type');
  const multi = MULTI_LINE_RECORD_TYPES.includes(type);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={4} size="h6" id={headingId}>
          {t('domains.newRecord')}
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('domains.recordName')} spellCheck={false} autoComplete="off" {...field('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NativeSelect label={t('domains.recordType')} data={[...DNS_RECORD_TYPES]} {...field('record_type')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={t('domains.recordTtl')} inputMode="numeric" {...field('ttl')} />
          </Grid.Col>
          <Grid.Col span={12}>
            {multi ? (
              <Textarea
                label={t('domains.recordValue')}
                description={t('domains.recordValueMulti')}
                autosize
                minRows={2}
                spellCheck={false}
                {...field('value')}
              />
            ) : (
              <TextInput
                label={t('domains.recordValue')}
                description={t('domains.recordValueSingle')}
                spellCheck={false}
                {...field('value')}
              />
            )}
          </Grid.Col>
        </Grid>
        <FormAlert message={serverError} />
        <Button type="submit" variant="light" loading={form.formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('domains.addRecord')}
        </Button>
      </Stack>
    </form>
  );
}
