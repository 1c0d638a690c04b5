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
  subthemesError?: string;
  themeError?: string;
}

/**
 * Up to three subthemes, grouped by theme, and the main-theme selector, shown only when the chosen subthemes span
 * more than one theme (with a single theme the server sets it). Both can change at any time: a main theme still among
 * the new choice's themes is kept.
 */
export function SubthemeFields(props: SubthemeFieldsProps) {
  const { t } = useTranslation();
  const { offered, subthemes, themeId } = props;
  const themesOf = (ids: number[]) =>
    new Map(offered.filter((s) => ids.includes(s.id)).map((s) => [s.theme.id, s.theme.label]));
  const themes = themesOf(subthemes);
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const s of offered) {
    groups.set(s.theme.label, [...(groups.get(s.theme.label) ?? []), { value: String(s.id), label: s.label }]);
  }
  return (
    <>
      <MultiSelect
        label={t('newMobilization.subthemes')}
        description={t('newMobilization.subthemesHelp', { max: LIMITS.subthemesMax })}
        required
        searchable
        maxValues={LIMITS.subthemesMax}
        data={[...groups].map(([group, items]) => ({ group, items }))}
        value={subthemes.map(String)}
        onChange={(values) => {
          const ids = values.map(Number);
          props.onSubthemes(ids);
          if (!themeId || !themesOf(ids).has(themeId)) props.onTheme(undefined);
        }}
        error={props.subthemesError}
      />
      {themes.size > 1 && (
        <NativeSelect
          label={t('newMobilization.mainTheme')}
          required
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
