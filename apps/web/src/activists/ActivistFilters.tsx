import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import {
  ACTION_DEFINITIONS,
  ACTION_KINDS,
  ACTIVIST_PERIODS,
  type ActivistPeriod,
  type MessageKey,
} from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../api/client';
import { api } from '../api/client';
import { usePhoneWidth } from '../shell/usePhoneWidth';
import type { ActivistFilterValues } from './activistsApi';
import { EMPTY_FILTER, filtersInUse } from './listParams';

const PERIOD_LABELS: Record<ActivistPeriod, MessageKey> = {
  today: 'activists.periodToday',
  week: 'activists.periodWeek',
  '15days': 'activists.period15days',
  '30days': 'activists.period30days',
  '3months': 'activists.period3months',
  year: 'activists.periodYear',
  always: 'activists.periodAlways',
  custom: 'activists.periodCustom',
};

interface ActivistFiltersProps {
  communityId: number;
  applied: ActivistFilterValues;
  /** The server's refusal of the applied filter, shown on its fields. */
  errors: FieldErrors;
  onApply(filter: ActivistFilterValues): void;
}

/**
 * Search and the filters of spec 01 §9 (pages, action kind, tags, period with a custom range, joined by 'e' or 'ou').
 * Changes are a draft until applied, so a long filter is built without a request per keystroke. On a phone only the
 * search shows until 'Mais filtros' unfolds the rest, so the people are on the first screen.
 */
export function ActivistFilters({ communityId, applied, errors, onApply }: ActivistFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  const narrow = usePhoneWidth();
  const [unfolded, setUnfolded] = useState(false);
  // A refusal on a folded field unfolds it, so the message is seen.
  useEffect(() => {
    if (Object.keys(errors).some((field) => field !== 'q')) setUnfolded(true);
  }, [errors]);
  const inUse = filtersInUse(applied);
  const pages = useQuery({
    queryKey: ['communities', communityId, 'mobilizations', 'options'],
    queryFn: () => api<{ id: number; name: string }[]>(`/api/mobilizations?community_id=${communityId}&limit=100`),
    enabled: communityId > 0,
    staleTime: 60_000,
  });
  const set = <K extends keyof ActivistFilterValues>(key: K, value: ActivistFilterValues[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q?.trim() || undefined });
  };
  const fieldError = (name: string) => errors[name]?.join(' ');
  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} aria-label={t('activists.filters')} role="search">
      <Stack gap="md">
        <TextInput
          label={t('activists.search')}
          description={t('activists.searchHelp')}
          value={draft.q ?? ''}
          onChange={(e) => set('q', e.currentTarget.value)}
          type="search"
          error={fieldError('q')}
        />
        {narrow && (
          <Button
            variant="subtle"
            justify="flex-start"
            px={0}
            aria-expanded={unfolded}
            aria-controls="activist-filters-more"
            onClick={() => setUnfolded((u) => !u)}
          >
            {unfolded
              ? t('activists.fewerFilters')
              : inUse > 0
                ? t('activists.moreFiltersInUse', { count: inUse })
                : t('activists.moreFilters')}
          </Button>
        )}
        {(!narrow || unfolded) && (
          <Stack gap="md" id="activist-filters-more">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <MultiSelect
                label={t('activists.filterMobilizations')}
                data={(pages.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                value={draft.mobilization_ids.map(String)}
                onChange={(v) => set('mobilization_ids', v.map(Number))}
                searchable
                clearable
              />
              <TagsInput
                label={t('activists.filterTags')}
                description={t('activists.filterTagsHelp')}
                value={draft.tags}
                onChange={(v) => set('tags', v)}
                clearable
              />
              <Checkbox.Group
                label={t('activists.filterKinds')}
                value={draft.kinds}
                onChange={(v) => set('kinds', v as ActivistFilterValues['kinds'])}
                error={fieldError('kinds.0')}
              >
                <Group gap="md" mt={6}>
                  {ACTION_KINDS.map((kind) => (
                    <Checkbox key={kind} value={kind} label={t(ACTION_DEFINITIONS[kind].label)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Stack gap="xs">
                <NativeSelect
                  label={t('activists.filterPeriod')}
                  value={draft.period}
                  onChange={(e) => set('period', e.currentTarget.value as ActivistPeriod)}
                  data={ACTIVIST_PERIODS.map((p) => ({ value: p, label: t(PERIOD_LABELS[p]) }))}
                />
                {draft.period === 'custom' && (
                  <Group gap="sm" grow>
                    <TextInput
                      type="date"
                      label={t('activists.from')}
                      value={draft.from ?? ''}
                      onChange={(e) => set('from', e.currentTarget.value || undefined)}
                      error={fieldError('from')}
                    />
                    <TextInput
                      type="date"
                      label={t('activists.to')}
                      value={draft.to ?? ''}
                      onChange={(e) => set('to', e.currentTarget.value || undefined)}
                      error={fieldError('to')}
                    />
                  </Group>
                )}
              </Stack>
            </SimpleGrid>
            <Radio.Group
              label={t('activists.operator')}
              value={draft.operator}
              onChange={(v) => set('operator', v as ActivistFilterValues['operator'])}
            >
              <Group gap="md" mt={6}>
                <Radio value="and" label={t('activists.operatorAnd')} />
                <Radio value="or" label={t('activists.operatorOr')} />
              </Group>
            </Radio.Group>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onApply(EMPTY_FILTER)}>
            {t('activists.clear')}
          </Button>
          <Button type="submit">{t('activists.apply')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
