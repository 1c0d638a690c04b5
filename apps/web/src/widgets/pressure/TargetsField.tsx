import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { parseTarget, renderMessage, type TargetChannel, targetLineProblem } from '@mutirao/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from '../../editor/icons';
import { useLocale } from '../../i18n/useLocale';

interface TargetsFieldProps {
  /** The pressure's channel: its targets are e-mail addresses or phone numbers, never both. */
  channel: TargetChannel;
  /** The targets as 'Name <address>' lines. */
  lines: string[];
  onChange(lines: string[]): void;
  /** Whether the stored settings had targets: removing them all then asks to save. */
  hadTargets: boolean;
  /** The list's own problem from the schema. */
  error?: string;
  /** What the entry says, per channel. */
  placeholder: string;
  help: string;
}

/**
 * The targets of a pressure (spec 02 §5 "Pressure targets", "Targets (entry)"): the list with a remove button each, and
 * an entry that adds one 'Name <address>' with the button or Ctrl/Cmd+Enter, with the spec's messages for a bad
 * pattern, a duplicate or an address of the other channel. Removing every target reminds the organiser to save.
 */
export function TargetsField({ channel, lines, onChange, hadTargets, error, placeholder, help }: TargetsFieldProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string>();
  const targets = lines.map((line) => parseTarget(line)).filter((x) => x !== undefined);

  const add = () => {
    const problem = targetLineProblem(entry, targets, channel);
    const target = parseTarget(entry);
    if (problem || !target) {
      setEntryError(renderMessage(locale, problem ?? 'kinds.pressure.targetInvalid'));
      return;
    }
    onChange([...lines, `${target.name} <${target.address}>`]);
    setEntry('');
    setEntryError(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      add();
    }
  };

  return (
    <>
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
                    onClick={() => onChange(lines.filter((_, i) => i !== index))}
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
        {error && (
          <Text c="danger.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 16rem' }}
          label={t('kinds.pressure.targetEntry')}
          description={help}
          placeholder={placeholder}
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
    </>
  );
}
