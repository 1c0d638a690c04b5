import { Grid, NativeSelect, Stack, Text } from '@mantine/core';
import { MOBILIZATION_FONTS, type MobilizationDesignInput, mobilizationDesignSchema } from '@mutirao/core';
import { DEFAULT_BODY_FONT } from '@mutirao/widgets';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../uploads/ImageUpload';
import { ColorSchemePicker } from './ColorSchemePicker';
import { DesignPreview } from './DesignPreview';
import { useSettingsMobilization } from './SettingsLayout';
import { SettingsSubmit } from './SettingsSubmit';
import type { MobilizationSettings } from './settingsApi';
import { useSettingsForm } from './useSettingsForm';

const valuesOf = (m: MobilizationSettings): MobilizationDesignInput =>
  ({
    header_font: m.header_font ?? '',
    body_font: m.body_font ?? '',
    color_scheme: m.color_scheme ?? '',
    favicon: m.favicon ?? '',
  }) as MobilizationDesignInput;

/**
 * `/mobilizations/{id}/settings/design`: the page's header and body fonts (spec 01 §9's list, self-hosted), its
 * colour scheme and its favicon, with a live preview in those fonts and colours.
 */
export default function DesignSettingsPage() {
  const { t } = useTranslation();
  const mobilization = useSettingsMobilization();
  const { form, onSubmit, field, errorOf, serverError } = useSettingsForm(
    mobilization,
    mobilizationDesignSchema,
    valuesOf,
  );
  const values = form.watch();
  const fonts = MOBILIZATION_FONTS.map((font) => ({ value: font, label: font }));

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text c="dimmed">{t('mobilizationSettings.designIntro')}</Text>
            <NativeSelect
              label={t('mobilizationSettings.headerFont')}
              data={[{ value: '', label: t('mobilizationSettings.defaultHeaderFont') }, ...fonts]}
              {...field('header_font')}
            />
            <NativeSelect
              label={t('mobilizationSettings.bodyFont')}
              data={[
                { value: '', label: t('mobilizationSettings.defaultBodyFont', { font: DEFAULT_BODY_FONT }) },
                ...fonts,
              ]}
              {...field('body_font')}
            />
            <ColorSchemePicker
              value={values.color_scheme ?? ''}
              onChange={(scheme) => form.setValue('color_scheme', scheme, { shouldDirty: true })}
              error={errorOf('color_scheme')}
            />
            <ImageUpload
              label={t('mobilizationSettings.favicon')}
              description={t('mobilizationSettings.faviconHelp')}
              value={values.favicon}
              onChange={(url) => form.setValue('favicon', url ?? '', { shouldDirty: true })}
              previewSize={48}
            />
            <SettingsSubmit formState={form.formState} error={serverError} />
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <DesignPreview
          headerFont={values.header_font || values.body_font || DEFAULT_BODY_FONT}
          bodyFont={values.body_font || DEFAULT_BODY_FONT}
          colorScheme={values.color_scheme}
        />
      </Grid.Col>
    </Grid>
  );
}
