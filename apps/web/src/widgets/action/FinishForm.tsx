import { Paper, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  FINISH_BACKGROUND_DEFAULT,
  type FinishInput,
  type FinishMessageType,
  type FinishSettings,
  finishSchema,
  type Rgba,
  toRgba,
} from '@mutirao/core';
import { FinishMessage, finishModel, schemeName } from '@mutirao/widgets';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RgbaColorPicker } from '../../editor/color/RgbaColorPicker';
import { useLocale } from '../../i18n/useLocale';
import { normalizeRichValue, RichTextField } from './RichTextField';
import { settingText as text, useSettingsForm } from './useSettingsForm';

/**
 * The type the page shows now: the stored one, else the share screen, which is what a visitor sees until the
 * organiser picks another (`finishModel`). So the tab opens on what the preview shows and saves as it is.
 */
const typeOf = (stored: unknown, offered: readonly FinishMessageType[]): FinishMessageType =>
  offered.find((type) => type === stored) ?? 'share';

const valuesOf = (settings: Record<string, unknown>, offered: readonly FinishMessageType[]): FinishInput => ({
  finish_message_type: typeOf(settings.finish_message_type, offered),
  finish_message: normalizeRichValue(settings.finish_message),
  finish_message_background: text(settings.finish_message_background) || FINISH_BACKGROUND_DEFAULT,
  whatsapp_text: text(settings.whatsapp_text),
});

/** Light, calm backgrounds that keep dark text readable, plus the default white. */
const PRESETS: Rgba[] = [
  { r: 255, g: 255, b: 255, a: 1 },
  { r: 245, g: 245, b: 245, a: 1 },
  { r: 255, g: 240, b: 248, a: 1 },
  { r: 232, g: 245, b: 233, a: 1 },
  { r: 227, g: 242, b: 253, a: 1 },
  { r: 255, g: 248, b: 225, a: 1 },
  { r: 34, g: 34, b: 34, a: 1 },
];

/** Each type's label and help; 'donation-recurrent' is the donation's own (spec 02 §3 "Finish settings"). */
const TYPE_TEXT = {
  share: ['widgetSettings.finishShare', 'widgetSettings.finishShareHelp'],
  custom: ['widgetSettings.finishCustom', 'widgetSettings.finishCustomHelp'],
  'donation-recurrent': ['kinds.donation.finishRecurrent', 'kinds.donation.finishRecurrentHelp'],
} as const satisfies Record<FinishMessageType, readonly [string, string]>;

const toTuple = ({ r, g, b, a }: Rgba) => `${r},${g},${b},${a}`;
const fromTuple = (tuple: string) => {
  const [r, g, b, a] = tuple.split(',').map(Number);
  return toRgba({ r, g, b, a });
};

interface FinishFormProps {
  settings: Record<string, unknown>;
  save(patch: FinishSettings): Promise<unknown>;
  /** The types this widget offers; 'donation-recurrent' is the donation widget's alone. */
  types?: readonly FinishMessageType[];
  /** What saving says: the form's 'Pós-inscrição salva.' unless the kind names its own tab. */
  savedMessage?: string;
  /** The public page's address, for the preview's share links. */
  shareUrl?: string;
  /** The page's colour scheme, for the preview's default colour. */
  colorScheme?: string | null;
}

/**
 * Pós-ação, shared by the action widgets (spec 02 §3 "Finish settings", §5): share buttons with the WhatsApp text, or
 * a custom rich message on a background colour, with a preview drawn by the same component the visitor sees.
 */
export function FinishForm({
  settings,
  save,
  types = ['share', 'custom'],
  savedMessage,
  shareUrl,
  colorScheme,
}: FinishFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form, onSubmit, errorOf, field, footer, prompt } = useSettingsForm({
    schema: finishSchema,
    settings,
    valuesOf: (stored) => valuesOf(stored, types),
    save,
    successMessage: savedMessage ?? t('widgetSettings.finishSaved'),
  });
  const values = form.watch();
  const preview = finishModel(values);

  return (
    <form onSubmit={onSubmit} noValidate>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <Stack gap="md">
          <Controller
            control={form.control}
            name="finish_message_type"
            render={({ field: type }) => (
              <Radio.Group
                label={t('widgetSettings.finishType')}
                required
                value={type.value}
                onChange={type.onChange}
                error={errorOf('finish_message_type')}
              >
                <Stack gap="sm" mt="xs">
                  {types.map((value) => (
                    <Radio
                      key={value}
                      value={value}
                      label={t(TYPE_TEXT[value][0])}
                      description={t(TYPE_TEXT[value][1])}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          {values.finish_message_type === 'custom' ? (
            <>
              <Controller
                control={form.control}
                name="finish_message"
                render={({ field: rich }) => (
                  <RichTextField
                    label={t('widgetSettings.finishMessage')}
                    value={typeof rich.value === 'string' ? rich.value : ''}
                    onChange={rich.onChange}
                    error={errorOf('finish_message')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="finish_message_background"
                render={({ field: background }) => (
                  <RgbaColorPicker
                    label={t('widgetSettings.finishBackground')}
                    value={fromTuple(background.value ?? FINISH_BACKGROUND_DEFAULT)}
                    onChange={(color) => background.onChange(toTuple(color))}
                    presets={PRESETS}
                  />
                )}
              />
            </>
          ) : (
            <Textarea
              label={t('widgetSettings.whatsappText')}
              description={t('widgetSettings.whatsappTextHelp')}
              autosize
              minRows={3}
              {...field('whatsapp_text')}
            />
          )}
          {footer}
        </Stack>
        <Stack gap="xs">
          <Text fw={700} size="sm">
            {t('widgetSettings.preview')}
          </Text>
          <Paper
            withBorder
            radius="md"
            className={`mz-page mz-scheme-${schemeName(colorScheme)}`}
            style={{ overflow: 'hidden' }}
          >
            <FinishMessage finish={preview} locale={locale} mode="edit" share={{ url: shareUrl }} />
          </Paper>
        </Stack>
      </SimpleGrid>
      {prompt}
    </form>
  );
}
