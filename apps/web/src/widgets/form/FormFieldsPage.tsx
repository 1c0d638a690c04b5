import { Alert, Button, Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type FormField, parseFormFields, renderMessage, serializeFormFields } from '@mutirao/core';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../editor/content/ConfirmDialog';
import { EditorIcon } from '../../editor/icons';
import { useLocale } from '../../i18n/useLocale';
import { showSuccess } from '../../shell/toasts';
import { useUnsavedChanges } from '../action/useUnsavedChanges';
import { usePreviewValues } from '../action/WidgetPreview';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';
import { FieldList } from './FieldList';
import { type FieldProblem, fieldEditorReducer, fieldProblems, initialFieldEditor, isDirty } from './fieldEditor';
import { InPlaceFields } from './InPlaceFields';

/**
 * Campos do formulário (spec 02 §2, §3, §4): add, edit, reorder and remove fields, as a list or in the widget itself,
 * then save or cancel. Leaving with unsaved changes asks first; removing a field asks first.
 */
export default function FormFieldsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { widget, settings, mobilization, save } = useWidgetSettingsContext();
  const stored = useMemo(() => parseFormFields(settings.fields), [settings.fields]);
  const [state, dispatch] = useReducer(fieldEditorReducer, stored, initialFieldEditor);
  const [mode, setMode] = useState<'list' | 'inplace'>('list');
  const [removing, setRemoving] = useState<FormField>();
  const [saving, setSaving] = useState(false);
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ uid: string; direction: -1 | 1 }>();
  const [focusProblem, setFocusProblem] = useState<string>();
  const dirty = isDirty(state);
  // The preview beside the tab shows the fields as they are being edited.
  usePreviewValues(state.fields, (fields) => ({ fields: serializeFormFields(fields as FormField[]) }));
  const prompt = useUnsavedChanges(dirty && !saving);

  const nameOf = (field: FormField) => field.label.trim() || t('formSettings.untitledField');
  const problems = new Map(
    [...(checked ? fieldProblems(state.fields) : new Map<string, FieldProblem>())].map(([uid, p]) => [
      uid,
      { input: p.input, message: renderMessage(locale, p.message) },
    ]),
  );

  // Moving a row re-inserts it in the list, which takes the keyboard focus away: give it back to the same button,
  // or to the other direction's once the field reached an end.
  // A save that found problems opens the first field with one and puts the focus on the input it is about.
  useEffect(() => {
    if (!focusProblem) return;
    document.querySelector<HTMLElement>(`[data-field-input="${focusProblem}"]`)?.focus();
    setFocusProblem(undefined);
  }, [focusProblem]);

  useEffect(() => {
    if (!focusAfterMove) return;
    const { uid, direction } = focusAfterMove;
    const find = (key: string) => document.querySelector<HTMLButtonElement>(`[data-field-action="${uid}:${key}"]`);
    const same = find(direction < 0 ? 'up' : 'down');
    (same && !same.disabled ? same : find(direction < 0 ? 'down' : 'up'))?.focus();
    setFocusAfterMove(undefined);
  }, [focusAfterMove]);

  const commands = {
    toggle: (uid: string) => dispatch({ type: 'open', uid: state.open === uid ? undefined : uid }),
    move: (uid: string, direction: -1 | 1) => {
      const index = state.fields.findIndex((f) => f.uid === uid);
      const field = state.fields[index];
      dispatch({ type: 'move', uid, direction });
      if (field) setAnnouncement(t('formSettings.moved', { label: nameOf(field), position: index + 1 + direction }));
      setFocusAfterMove({ uid, direction });
    },
    remove: (field: FormField) => setRemoving(field),
  };
  const update = (uid: string, patch: Partial<Omit<FormField, 'uid'>>) => dispatch({ type: 'update', uid, patch });

  const onSave = async () => {
    setChecked(true);
    setServerError(undefined);
    const found = fieldProblems(state.fields);
    const [first] = found;
    if (first) {
      const [uid, problem] = first;
      if (uid) {
        dispatch({ type: 'open', uid });
        setFocusProblem(`${uid}:${problem.input}`);
      }
      return;
    }
    setSaving(true);
    try {
      const saved = await save({ fields: serializeFormFields(state.fields) });
      dispatch({ type: 'reset', fields: parseFormFields(saved.settings?.fields) });
      setChecked(false);
      showSuccess(t('formWidget.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'response')
        setServerError(Object.values(error.fields).flat().concat(error.messages).join(' '));
    } finally {
      setSaving(false);
    }
  };

  const addButton = (
    <Group>
      <Button variant="light" leftSection={<EditorIcon name="plus" />} onClick={() => dispatch({ type: 'add' })}>
        {t('formSettings.addField')}
      </Button>
    </Group>
  );
  const views = { fields: state.fields, open: state.open, problems, nameOf, commands, update };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text>{t('formSettings.fieldsIntro')}</Text>
        <SegmentedControl
          aria-label={t('formSettings.mode')}
          value={mode}
          onChange={(value) => setMode(value as 'list' | 'inplace')}
          data={[
            { value: 'list', label: t('formSettings.modeList') },
            { value: 'inplace', label: t('formSettings.modeInPlace') },
          ]}
        />
      </Group>
      {mode === 'list' ? (
        <Stack gap="sm" maw={760}>
          {state.fields.length === 0 ? (
            <Alert color="gray" variant="light">
              {t('formSettings.noFields')}
            </Alert>
          ) : (
            <FieldList {...views} />
          )}
          {addButton}
        </Stack>
      ) : (
        <InPlaceFields {...views} widget={widget} mobilization={mobilization} footer={addButton} />
      )}
      {(serverError || problems.get('')) && (
        <Alert color="danger" variant="light" role="alert">
          {serverError ?? problems.get('')?.message}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void onSave()} loading={saving} disabled={!dirty}>
          {t('app.save')}
        </Button>
        <Button
          variant="default"
          onClick={() => dispatch({ type: 'reset', fields: state.saved })}
          disabled={!dirty || saving}
        >
          {t('app.cancel')}
        </Button>
        {dirty && (
          <Text size="sm" c="dimmed">
            {t('formSettings.unsaved')}
          </Text>
        )}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ConfirmDialog
        opened={!!removing}
        title={t('formSettings.removeTitle')}
        message={removing ? t('formSettings.removeConfirm', { label: nameOf(removing) }) : ''}
        confirmLabel={t('formSettings.remove')}
        danger
        onConfirm={() => {
          if (removing) dispatch({ type: 'remove', uid: removing.uid });
          setRemoving(undefined);
        }}
        onCancel={() => setRemoving(undefined)}
      />
      {prompt}
    </Stack>
  );
}
