import { ColorInput, Stack, Switch, TextInput } from '@mantine/core';
import { actionAdjustSchema, BUTTON_TEXT_MAX } from '@mutirao/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { settingText as text, useSettingsForm } from './useSettingsForm';

/** A yes/no setting a kind adds to Ajustes, stored as one of two strings (pressure's show_city: 'city-true'). */
export interface AdjustSwitch {
  name: string;
  label: string;
  on: string;
  off: string;
}

const valuesOf = (switches: readonly AdjustSwitch[]) => (settings: Record<string, unknown>) => ({
  call_to_action: text(settings.call_to_action) || text(settings.title_text),
  button_text: text(settings.button_text),
  main_color: text(settings.main_color),
  count_text: text(settings.count_text),
  ...Object.fromEntries(switches.map((s) => [s.name, settings[s.name] === s.on ? s.on : s.off])),
});

interface AdjustFormProps {
  settings: Record<string, unknown>;
  save(patch: Record<string, unknown>): Promise<unknown>;
  /** 'Formulário configurado com sucesso!' for the form; each action widget says it its own way (spec 02 §8). */
  successMessage: string;
  /** The kind's schema when it adds settings to the shared ones (pressure: `pressureAdjustSchema`). */
  schema?: typeof actionAdjustSchema;
  /** Its extra yes/no settings, shown as switches. */
  switches?: readonly AdjustSwitch[];
  /** What the button text is for, when the kind's button is not the form's (the phone pressure's call button). */
  buttonHelp?: string;
}

/**
 * Ajustes, shared by the action widgets (spec 02 §5 "Adjust forms"): the title and the button text, both required,
 * the button text at most 50 characters, the main colour, and the counter's text (the counter shows only when set).
 */
export function AdjustForm({ settings, save, successMessage, schema, switches = [], buttonHelp }: AdjustFormProps) {
  const { t } = useTranslation();
  const { form, onSubmit, field, errorOf, footer, prompt } = useSettingsForm({
    schema: schema ?? actionAdjustSchema,
    settings,
    valuesOf: valuesOf(switches) as (settings: Record<string, unknown>) => ReturnType<ReturnType<typeof valuesOf>> & {
      call_to_action: string;
      button_text: string;
      main_color: string;
      count_text: string;
    },
    save,
    successMessage,
  });
  const buttonLength = form.watch('button_text').length;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput
          label={t('widgetSettings.callToAction')}
          description={t('widgetSettings.callToActionHelp')}
          required
          {...field('call_to_action')}
        />
        <TextInput
          label={t('widgetSettings.buttonText')}
          description={`${buttonHelp ?? t('widgetSettings.buttonTextHelp', { max: BUTTON_TEXT_MAX })} ${buttonLength}/${BUTTON_TEXT_MAX}`}
          required
          {...field('button_text')}
        />
        <Controller
          control={form.control}
          name="main_color"
          render={({ field: color }) => (
            <ColorInput
              label={t('widgetSettings.mainColor')}
              description={t('widgetSettings.mainColorHelp')}
              format="hex"
              swatches={['#ee0099', '#c2185b', '#f45d48', '#7b3fa0', '#0067c5', '#00897b', '#2e7d32', '#222222']}
              value={color.value ?? ''}
              onChange={color.onChange}
              onBlur={color.onBlur}
              error={errorOf('main_color')}
              eyeDropperButtonProps={{ 'aria-label': t('widgetSettings.mainColor') }}
            />
          )}
        />
        <TextInput
          label={t('widgetSettings.countText')}
          description={t('widgetSettings.countTextHelp')}
          {...field('count_text')}
        />
        {switches.map((s) => (
          <Controller
            key={s.name}
            control={form.control}
            // biome-ignore lint/suspicious/noExplicitAny: the kind's own keys, beside the shared ones.
            name={s.name as any}
            render={({ field: value }) => (
              <Switch
                label={s.label}
                checked={value.value === s.on}
                onChange={(event) => value.onChange(event.currentTarget.checked ? s.on : s.off)}
                onBlur={value.onBlur}
              />
            )}
          />
        ))}
        {footer}
      </Stack>
      {prompt}
    </form>
  );
}
