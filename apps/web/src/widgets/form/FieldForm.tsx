import { Button, Group, NativeSelect, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { FORM_FIELD_KINDS, type FormField, type FormFieldKind } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import type { FieldInput } from './fieldEditor';

interface FieldFormProps {
  field: FormField;
  /** The field's problem, already in the user's language, and the input it is about. */
  error?: { input: FieldInput; message: string };
  onChange(patch: Partial<Omit<FormField, 'uid'>>): void;
  onDone(): void;
}

/**
 * One field's settings (spec 02 §3): its name, kind, placeholder and whether it is required. The placeholder is the
 * list of options for a dropdown and the success text for a greetings field, so its label says which.
 */
export function FieldForm({ field, error, onChange, onDone }: FieldFormProps) {
  const { t } = useTranslation();
  // Each input carries its own message, and a name the save can find it by to move the focus there.
  const input = (name: FieldInput) => ({
    'data-field-input': `${field.uid}:${name}`,
    error: error?.input === name ? error.message : undefined,
  });
  const placeholder =
    field.kind === 'greetings' ? (
      <Textarea
        label={t('formSettings.greetingsText')}
        description={t('formSettings.greetingsHelp')}
        autosize
        minRows={2}
        {...input('placeholder')}
        value={field.placeholder}
        onChange={(e) => onChange({ placeholder: e.currentTarget.value })}
      />
    ) : (
      <TextInput
        label={field.kind === 'dropdown' ? t('formSettings.options') : t('formSettings.placeholder')}
        description={field.kind === 'dropdown' ? t('formSettings.optionsHelp') : t('formSettings.placeholderHelp')}
        required={field.kind === 'dropdown'}
        {...input('placeholder')}
        value={field.placeholder}
        onChange={(e) => onChange({ placeholder: e.currentTarget.value })}
      />
    );
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" style={{ color: 'var(--mantine-color-text)', textShadow: 'none' }}>
      <Stack gap="sm">
        <TextInput
          label={t('formSettings.fieldLabel')}
          required
          data-autofocus
          {...input('label')}
          value={field.label}
          onChange={(e) => onChange({ label: e.currentTarget.value })}
        />
        <NativeSelect
          label={t('formSettings.fieldKind')}
          value={field.kind}
          data={FORM_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`formSettings.kinds.${kind}`) }))}
          onChange={(e) => onChange({ kind: e.currentTarget.value as FormFieldKind })}
        />
        {placeholder}
        {field.kind !== 'greetings' && (
          <Switch
            label={t('formSettings.required')}
            checked={field.required === 'true'}
            onChange={(e) => onChange({ required: e.currentTarget.checked ? 'true' : 'false' })}
          />
        )}
        <Group>
          <Button variant="default" onClick={onDone}>
            {t('formSettings.done')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
