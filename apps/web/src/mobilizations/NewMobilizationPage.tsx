import { Alert, Button, Group, MultiSelect, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type MobilizationCreateInput, mobilizationCreateSchema } from '@mutirao/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TabNavigation } from '../shell/layouts/TabNavigation';
import { TitledPage } from '../shell/layouts/TitledPage';
import { createMobilization, fetchSubthemes, subthemesQueryKey } from './createApi';

/**
 * `/mobilizations/new`, tab Objetivo: name, goal, language and up to three subthemes. Saving creates the
 * mobilization, makes it the current one and goes on to the Templates tab (`/mobilizations/{id}/templates/choose`).
 */
export default function NewMobilizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { community } = useSession();
  const subthemes = useQuery({
    queryKey: subthemesQueryKey,
    queryFn: fetchSubthemes,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: mobilizationCreateSchema,
    defaultValues: {
      community_id: community?.id ?? 0,
      name: '',
      goal: '',
      language: 'pt-BR',
      subthemes: [] as number[],
      theme_id: undefined as number | undefined,
    } as MobilizationCreateInput,
    submit: async (values) => {
      const created = await createMobilization(values as MobilizationCreateInput);
      await queryClient.invalidateQueries({ queryKey: ['mobilizations'] });
      navigate(`/mobilizations/${created.id}/templates/choose`);
    },
  });

  const chosen = (form.watch('subthemes') ?? []) as number[];
  const themes = new Map(
    (subthemes.data ?? []).filter((s) => chosen.includes(s.id)).map((s) => [s.theme.id, s.theme.label]),
  );

  const tabs = [
    { label: t('newMobilization.goalTab'), to: '/mobilizations/new', active: true },
    { label: t('newMobilization.templatesTab'), to: '/mobilizations/new', active: false, disabled: true },
  ];

  return (
    <TitledPage title={t('mobilizations.new')} below={<TabNavigation label={t('mobilizations.new')} items={tabs} />}>
      {subthemes.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {subthemes.isError && (
        <Alert color="danger" variant="light" role="alert">
          {t('errors.pageFailed')}
        </Alert>
      )}
      {subthemes.data && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md" maw={640}>
            <TextInput
              label={t('newMobilization.name')}
              description={t('newMobilization.nameHelp', { max: LIMITS.mobilizationNameMax })}
              required
              maxLength={LIMITS.mobilizationNameMax}
              {...field('name')}
            />
            <Textarea
              label={t('newMobilization.goal')}
              description={t('newMobilization.goalHelp', { max: LIMITS.mobilizationGoalMax })}
              required
              autosize
              minRows={3}
              maxLength={LIMITS.mobilizationGoalMax}
              {...field('goal')}
            />
            <Controller
              control={form.control}
              name="subthemes"
              render={({ field: f }) => (
                <MultiSelect
                  label={t('newMobilization.subthemes')}
                  description={t('newMobilization.subthemesHelp', { max: LIMITS.subthemesMax })}
                  required
                  searchable
                  maxValues={LIMITS.subthemesMax}
                  data={[...groupByTheme(subthemes.data)].map(([group, items]) => ({ group, items }))}
                  value={((f.value ?? []) as number[]).map(String)}
                  onChange={(values) => {
                    f.onChange(values.map(Number));
                    form.setValue('theme_id', undefined);
                  }}
                  error={errorOf('subthemes')}
                />
              )}
            />
            {themes.size > 1 && (
              <Controller
                control={form.control}
                name="theme_id"
                render={({ field: f }) => (
                  <NativeSelect
                    label={t('newMobilization.mainTheme')}
                    required
                    data={[
                      { value: '', label: t('newMobilization.chooseMainTheme') },
                      ...[...themes].map(([id, label]) => ({ value: String(id), label })),
                    ]}
                    value={f.value ? String(f.value) : ''}
                    onChange={(e) => f.onChange(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}
                    error={errorOf('theme_id')}
                  />
                )}
              />
            )}
            <NativeSelect
              label={t('newMobilization.language')}
              data={[
                { value: 'pt-BR', label: t('app.languages.pt-BR') },
                { value: 'es', label: t('app.languages.es') },
              ]}
              {...field('language')}
            />
            <FormAlert message={serverError ?? errorOf('community_id')} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('newMobilization.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </TitledPage>
  );
}

function groupByTheme(subthemes: { id: number; label: string; theme: { label: string } }[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const s of subthemes) {
    groups.set(s.theme.label, [...(groups.get(s.theme.label) ?? []), { value: String(s.id), label: s.label }]);
  }
  return groups;
}
