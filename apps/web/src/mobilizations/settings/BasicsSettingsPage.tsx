import { Alert, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type MobilizationBasicsInput, mobilizationBasicsSchema, slugify } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchSubthemes, type Subtheme, subthemesQueryKey } from '../createApi';
import { publicUrlOf } from '../mobilizationsApi';
import { useSettingsMobilization } from './SettingsLayout';
import { SettingsSubmit } from './SettingsSubmit';
import { SubthemeFields } from './SubthemeFields';
import type { MobilizationSettings } from './settingsApi';
import { useSettingsForm } from './useSettingsForm';

const valuesOf = (m: MobilizationSettings): MobilizationBasicsInput => ({
  name: m.name,
  goal: m.goal,
  slug: m.slug,
  language: m.language,
  subthemes: m.subthemes.map((s) => s.id),
  theme_id: m.theme_id ?? undefined,
});

/**
 * `/mobilizations/{id}/settings/basics` (spec 01 §5): name, goal, slug (derived from the name on blur when left
 * empty, with a warning about CNAME redirects when it changes), language, and up to three subthemes with the main
 * theme, which organisers may change as their campaign changes.
 */
export default function BasicsSettingsPage() {
  const { t } = useTranslation();
  const mobilization = useSettingsMobilization();
  const subthemes = useQuery({ queryKey: subthemesQueryKey, queryFn: fetchSubthemes, staleTime: Infinity });
  const { form, onSubmit, field, errorOf, serverError } = useSettingsForm(
    mobilization,
    mobilizationBasicsSchema,
    valuesOf,
  );
  const slug = (form.watch('slug') ?? '').trim();
  const name = field('name');
  // The saved subthemes are always offered, so a list that failed to load still shows what is chosen.
  const offered = new Map<number, Subtheme>(
    [...(subthemes.data ?? []), ...mobilization.subthemes].map((s) => [s.id, s]),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput
          label={t('newMobilization.name')}
          description={t('mobilizationSettings.charCount', {
            count: (form.watch('name') ?? '').length,
            max: LIMITS.mobilizationNameMax,
          })}
          required
          {...name}
          onBlur={(event) => {
            void name.onBlur(event);
            if (!form.getValues('slug')?.trim())
              form.setValue('slug', slugify(event.currentTarget.value), { shouldDirty: true });
          }}
        />
        <Textarea
          label={t('newMobilization.goal')}
          description={t('mobilizationSettings.charCount', {
            count: (form.watch('goal') ?? '').length,
            max: LIMITS.mobilizationGoalMax,
          })}
          required
          autosize
          minRows={3}
          {...field('goal')}
        />
        <TextInput
          label={t('mobilizationSettings.slug')}
          description={t('mobilizationSettings.slugHelp', {
            max: LIMITS.slugMax,
            url: publicUrlOf({ slug: slug || mobilization.slug, custom_domain: null }),
          })}
          autoCapitalize="none"
          spellCheck={false}
          {...field('slug')}
        />
        {slug !== '' && slug !== mobilization.slug && (
          <Alert color="yellow" variant="light" role="status">
            {t('mobilizationSettings.slugWarning')}
          </Alert>
        )}
        <NativeSelect
          label={t('newMobilization.language')}
          data={[
            { value: 'pt-BR', label: t('app.languages.pt-BR') },
            { value: 'es', label: t('app.languages.es') },
          ]}
          {...field('language')}
        />
        {subthemes.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('mobilizationSettings.themesFailed')}
          </Alert>
        )}
        <SubthemeFields
          offered={[...offered.values()]}
          subthemes={form.watch('subthemes') ?? []}
          themeId={form.watch('theme_id')}
          onSubthemes={(ids) =>
            form.setValue('subthemes', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
          }
          onTheme={(id) =>
            form.setValue('theme_id', id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
          }
          subthemesError={errorOf('subthemes')}
          themeError={errorOf('theme_id')}
        />
        <SettingsSubmit formState={form.formState} error={serverError} />
      </Stack>
    </form>
  );
}
