import { MultiSelect, NativeSelect } from '@mantine/core';
import { LIMITS } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import type { Subtheme } from '../createApi';

interface SubthemeFieldsProps {
  offered: Subtheme[];
  subthemes: number[];
  themeId: number | null | undefined;
  onSubthemes(ids: number[]): void;
  onTheme(id: number | undefined): void;
  /** Spec 01 §5: an existing mobilization's theme and subthemes cannot change once set. */
  locked?: boolean;
  subthemesError?: string;
  themeError?: string;
}

/**
 * Up to three subthemes, grouped by theme, and the main-theme selector, shown only when the chosen subthemes span
 * more than one theme (with a single theme the server sets it).
 */
export function SubthemeFields(props: SubthemeFieldsProps) {
  const { t } = useTranslation();
  const { offered, subthemes, themeId, locked } = props;
  const themes = new Map(offered.filter((s) => subthemes.includes(s.id)).map((s) => [s.theme.id, s.theme.label]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const s of offered) {
    groups.set(s.theme.label, [...(groups.get(s.theme.label) ?? []), { value: String(s.id), label: s.label }]);
  }
  return (
    <>
      <MultiSelect
        label={t('newMobilization.subthemes')}
        description={
          locked
            ? t('mobilizationSettings.themesLocked')
            : t('newMobilization.subthemesHelp', { max: LIMITS.subthemesMax })
        }
        required
        searchable
        disabled={locked}
        maxValues={LIMITS.subthemesMax}
        data={[...groups].map(([group, items]) => ({ group, items }))}
        value={subthemes.map(String)}
        onChange={(values) => {
          props.onSubthemes(values.map(Number));
          props.onTheme(undefined);
        }}
        error={props.subthemesError}
      />
      {themes.size > 1 && (
        <NativeSelect
          label={t('newMobilization.mainTheme')}
          required
          disabled={locked}
          data={[
            { value: '', label: t('newMobilization.chooseMainTheme') },
            ...[...themes].map(([id, label]) => ({ value: String(id), label })),
          ]}
          value={themeId ? String(themeId) : ''}
          onChange={(e) => props.onTheme(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}
          error={props.themeError}
        />
      )}
    </>
  );
}
