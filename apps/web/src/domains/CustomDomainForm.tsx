import { Autocomplete, Button, Group, Stack } from '@mantine/core';
import { checkCustomDomain, normalizeDomain, renderMessage, withoutWww } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useLocale } from '../i18n/useLocale';
import { type MobilizationSettings, mobilizationSettingsKey } from '../mobilizations/settings/settingsApi';
import { showSuccess } from '../shell/toasts';
import { saveCustomDomain } from './customDomainApi';
import { type HostedZone, zonesKey } from './domainsApi';
import { domainSuggestions } from './suggestions';

interface CustomDomainFormProps {
  mobilization: Pick<MobilizationSettings, 'id' | 'custom_domain' | 'community_id'>;
  zones: HostedZone[];
  /** The launch wizard moves on; the settings tab stays. */
  onSaved?: () => void;
  submitLabel?: string;
}

/**
 * A page's custom domain (spec 01 §5): shown without 'www.', the community's zones offered as the organiser types,
 * checked here with core's rule (the same the server applies), then saved with the TLS allow-list kept in step.
 * The server's refusals ('Esse endereço já está sendo usado em outra página.') land on the field.
 */
export function CustomDomainForm({ mobilization, zones, onSaved, submitLabel }: CustomDomainFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const current = mobilization.custom_domain ? withoutWww(mobilization.custom_domain) : '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: () => saveCustomDomain(mobilization.id, mobilization.custom_domain, value),
    onSuccess: async (saved) => {
      queryClient.setQueryData(mobilizationSettingsKey(mobilization.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mobilization', mobilization.id] }),
        queryClient.invalidateQueries({ queryKey: zonesKey(mobilization.community_id) }),
      ]);
      showSuccess(t('domains.customDomainSaved'));
      onSaved?.();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.kind === 'response')
        setError([...(e.fields.custom_domain ?? []), ...e.messages].join(' ') || e.message);
    },
    meta: { showsErrors: ['custom_domain'] },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The launch wizard needs an address: a blank one is refused on the field, never 'saved'.
    if (onSaved && !normalizeDomain(value)) return setError(t('domains.customDomainRequired'));
    const checked = checkCustomDomain(value, zones, Boolean(mobilization.custom_domain));
    if ('error' in checked) return setError(renderMessage(locale, checked.error));
    setError(undefined);
    // In the launch wizard an unchanged domain needs no saving: the step is already complete.
    if (onSaved && current && normalizeDomain(value) === current) return onSaved();
    save.mutate();
  };

  const unchanged = normalizeDomain(value) === current && !onSaved;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Autocomplete
          label={t('domains.customDomainLabel')}
          description={t('domains.customDomainHelp')}
          data={domainSuggestions(value, zones)}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(undefined);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          placeholder={zones[0]?.domain_name}
          name="custom_domain"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={unchanged}>
            {submitLabel ?? t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
