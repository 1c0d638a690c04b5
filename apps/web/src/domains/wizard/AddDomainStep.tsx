import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { dnsHostedZoneSchema } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { createZone, type HostedZone, zonesKey } from '../domainsApi';

const KINDS = [
  { value: 'root', label: 'domains.kindRoot', help: 'domains.kindRootHelp' },
  { value: 'subdomain', label: 'domains.kindSubdomain', help: 'domains.kindSubdomainHelp' },
  { value: 'external', label: 'domains.kindExternal', help: 'domains.kindExternalHelp' },
] as const;
type Kind = (typeof KINDS)[number]['value'];

/**
 * Step 1 of the domain wizard (spec 01 §4): a root domain or a subdomain whose DNS we host, or an external domain
 * whose DNS stays at its provider; required and valid ('Domínio é obrigatório.', 'Domínio inválido'), checked by
 * core's schema here and on the server, which also says when the domain was already added.
 */
export function AddDomainStep({ communityId, onAdded }: { communityId: number; onAdded: (zone: HostedZone) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('root');
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: dnsHostedZoneSchema,
    defaultValues: { domain_name: '', is_external_domain: false },
    submit: async (values) => {
      const zone = await createZone(communityId, values);
      await queryClient.invalidateQueries({ queryKey: zonesKey(communityId) });
      showSuccess(t('domains.dnsSaved'));
      onAdded(zone);
    },
  });
  const chooseKind = (value: string) => {
    setKind(value as Kind);
    form.setValue('is_external_domain', value === 'external');
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Radio.Group label={t('domains.kind')} value={kind} onChange={chooseKind}>
          <Stack gap="sm" mt="xs">
            {KINDS.map((k) => (
              <Radio key={k.value} value={k.value} label={t(k.label)} description={t(k.help)} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('domains.domainName')}
          description={t('domains.domainNameHelp')}
          required
          spellCheck={false}
          autoComplete="off"
          {...field('domain_name')}
        />
        <FormAlert message={serverError} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('domains.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
