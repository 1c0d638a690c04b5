import { ActionIcon, Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  parseTarget,
  parseTargets,
  pressureKindFor,
  pressureTargetsTabSchema,
  renderMessage,
  targetLineProblem,
} from '@mutirao/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from '../../editor/icons';
import { useLocale } from '../../i18n/useLocale';
import { settingText as text, useSettingsForm } from '../action/useSettingsForm';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';

const valuesOf = (settings: Record<string, unknown>) => ({
  targets: parseTargets(settings.targets).map((t) => `${t.name} <${t.address}>`),
  pressure_subject: text(settings.pressure_subject),
  pressure_body: text(settings.pressure_body),
});

/**
 * E-mail para alvo (spec 02 §5 "Pressure e-mail settings", "Pressure targets", "Targets (entry)"): the targets, one
 * 'Name <email or phone>' each, added with the button or Ctrl/Cmd+Enter, with the spec's messages for a bad pattern,
 * a duplicate or a mix of e-mail and phone; the kind follows the targets; subject and body, required unless the
 * pressure is by phone. 'Email para alvo configurado com sucesso!' on save.
 */
export default function PressureEmailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { settings, save } = useWidgetSettingsContext();
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string>();
  const { form, onSubmit, field, errorOf, footer, prompt } = useSettingsForm({
    schema: pressureTargetsTabSchema,
    settings,
    valuesOf,
    save: ({ kind, ...patch }) => save(patch, { kind }),
    successMessage: t('kinds.pressure.saved'),
  });
  const lines = form.watch('targets');
  const targets = lines.map((line) => parseTarget(line)).filter((x) => x !== undefined);
  const phone = pressureKindFor(targets) === 'pressure-phone';
  const hadTargets = parseTargets(settings.targets).length > 0;

  const add = () => {
    const problem = targetLineProblem(entry, targets);
    if (problem) {
      setEntryError(renderMessage(locale, problem));
      return;
    }
    const target = parseTarget(entry);
    if (!target) return;
    form.setValue('targets', [...lines, `${target.name} <${target.address}>`], {
      shouldDirty: true,
      shouldValidate: true,
    });
    setEntry('');
    setEntryError(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      add();
    }
  };
  const remove = (index: number) =>
    form.setValue(
      'targets',
      lines.filter((_, i) => i !== index),
      { shouldDirty: true, shouldValidate: true },
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={720}>
        <Stack gap={6}>
          <Text fw={700} id="pressure-targets-label">
            {t('kinds.pressure.targetsLabel')}
          </Text>
          {targets.length ? (
            <ul aria-labelledby="pressure-targets-label" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
              {targets.map((target, index) => (
                <li key={target.address}>
                  <Group gap="xs" wrap="nowrap">
                    <Text style={{ flex: 1, overflowWrap: 'anywhere' }}>{`${target.name} <${target.address}>`}</Text>
                    <ActionIcon
                      variant="subtle"
                      color="danger.8"
                      aria-label={t('kinds.pressure.removeTarget', { name: target.name })}
                      onClick={() => remove(index)}
                    >
                      <EditorIcon name="trash" size={16} />
                    </ActionIcon>
                  </Group>
                </li>
              ))}
            </ul>
          ) : hadTargets ? (
            <Alert color="blue" variant="light" role="status">
              {t('kinds.pressure.removedAll')}
            </Alert>
          ) : (
            <Text c="dimmed">{t('kinds.pressure.noTargetsYet')}</Text>
          )}
          {errorOf('targets') && (
            <Text c="danger.8" role="alert">
              {errorOf('targets')}
            </Text>
          )}
        </Stack>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('kinds.pressure.targetEntry')}
            description={t('kinds.pressure.targetsHelp')}
            placeholder={t('kinds.pressure.targetPlaceholder')}
            value={entry}
            error={entryError}
            onChange={(event) => {
              setEntry(event.currentTarget.value);
              setEntryError(undefined);
            }}
            onKeyDown={onKeyDown}
          />
          <Button variant="light" onClick={add}>
            {t('kinds.pressure.addTarget')}
          </Button>
        </Group>
        {phone && (
          <Alert color="gray" variant="light">
            {t('kinds.pressure.phoneMode')}
          </Alert>
        )}
        <TextInput label={t('kinds.pressure.subjectLabel')} required={!phone} {...field('pressure_subject')} />
        <Textarea
          label={t('kinds.pressure.bodyLabel')}
          required={!phone}
          autosize
          minRows={6}
          {...field('pressure_body')}
        />
        {footer}
      </Stack>
      {prompt}
    </form>
  );
}
