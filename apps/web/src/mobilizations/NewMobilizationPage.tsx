import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type MobilizationCreateInput, mobilizationCreateSchema } from '@mutirao/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TabNavigation } from '../shell/layouts/TabNavigation';
import { TitledPage } from '../shell/layouts/TitledPage';
import { createMobilization, fetchSubthemes, subthemesQueryKey } from './createApi';
import { SubthemeFields } from './settings/SubthemeFields';

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

  const tabs = [
    { label: t('newMobilization.goalTab'), to: '/mobilizations/new', active: true },
    { label: t('newMobilization.templatesTab'), to: '/mobilizations/new', active: false, disabled: true },
  ];

  return (
    <TitledPage title={t('mobilizations.new')} below={<TabNavigation label={t('mobilizations.new')} items={tabs} />}>
      {subthemes.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {subthemes.isError && (
        <Alert color="danger" variant="light" role="alert">
          {t('mobilizationSettings.themesFailed')}
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
            <SubthemeFields
              offered={subthemes.data}
              subthemes={chosen}
              themeId={form.watch('theme_id')}
              onSubthemes={(ids) => form.setValue('subthemes', ids, { shouldValidate: form.formState.isSubmitted })}
              onTheme={(id) => form.setValue('theme_id', id, { shouldValidate: form.formState.isSubmitted })}
              subthemesError={errorOf('subthemes')}
              themeError={errorOf('theme_id')}
            />
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
