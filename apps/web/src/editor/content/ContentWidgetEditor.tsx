import { Alert, Box, Button, Group, List, Paper, Text } from '@mantine/core';
import { contentOfSettings, renderMessage, serializeContent } from '@mutirao/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Descendant, Editor } from 'slate';
import { ReactEditor } from 'slate-react';
import { useLocale } from '../../i18n/useLocale';
import { showSuccess } from '../../shell/toasts';
import { hotkeyLabel } from '../richtext/hotkeys';
import { RichTextEditor } from '../richtext/RichTextEditor';
import { ConfirmDialog } from './ConfirmDialog';

interface ContentWidgetEditorProps {
  settings: unknown;
  /** Names the text area, e.g. 'Texto do bloco Topo'. */
  label: string;
  /** Saves `settings.content`; resolves false when the server refused (it already said why). */
  onSave(content: string): Promise<boolean>;
  onClose(): void;
  /** The widget as the page shows it, kept in place while the conversion is being confirmed. */
  preview?: ReactNode;
  /** Told whether there are unsaved changes, so the page can ask before opening another widget. */
  onDirtyChange?(dirty: boolean): void;
}

/**
 * The content widget in edit mode (spec 02 §4): the block editor over the widget's document, saved with the button
 * or Ctrl/Cmd+S, cancelled with a confirmation when something changed. Content in an older format (draft-style JSON
 * or legacy HTML) is converted only after the organiser agrees, since some formatting may be lost.
 */
export function ContentWidgetEditor({
  settings,
  label,
  onSave,
  onClose,
  preview,
  onDirtyChange,
}: ContentWidgetEditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const parsed = useMemo(() => contentOfSettings(settings), [settings]);
  const [converted, setConverted] = useState(!parsed.oldFormat);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const editor = useRef<Editor | null>(null);

  useEffect(() => {
    onDirtyChange?.(dirty);
    if (!dirty) return;
    // Leaving the page (reload, closing the tab) with unsaved text asks the browser's own question.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // Opened from its 'Editar' button by keyboard or mouse, the text takes the focus, so typing starts at once.
  useEffect(() => {
    if (!converted) return;
    const frame = requestAnimationFrame(() => {
      if (editor.current) ReactEditor.focus(editor.current as ReactEditor);
    });
    return () => cancelAnimationFrame(frame);
  }, [converted]);

  const save = async () => {
    if (!editor.current || saving) return;
    setSaving(true);
    const ok = await onSave(serializeContent(editor.current.children as Parameters<typeof serializeContent>[0]));
    setSaving(false);
    if (ok) {
      showSuccess(t('editor.content.savedMessage'), t('editor.content.savedTitle'));
      onClose();
    }
  };

  const cancel = () => (dirty ? setConfirmCancel(true) : onClose());

  if (!converted) {
    return (
      <>
        {preview}
        <ConfirmDialog
          opened
          title={t('editor.convert.title')}
          message={
            <Box>
              <Text>{t('editor.convert.message')}</Text>
              {parsed.warnings.length > 0 && (
                <Alert color="yellow" variant="light" mt="sm" title={t('editor.convert.warnings')}>
                  <List size="sm">
                    {parsed.warnings.map((warning) => (
                      <List.Item key={warning}>{renderMessage(locale, warning)}</List.Item>
                    ))}
                  </List>
                </Alert>
              )}
            </Box>
          }
          confirmLabel={t('editor.convert.confirm')}
          onConfirm={() => {
            setConverted(true);
            // The converted document differs from what is stored: saving it is a change, and so is leaving it.
            setDirty(true);
          }}
          onCancel={onClose}
        />
      </>
    );
  }

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      bg="transparent"
      className="mz-content-editor"
      style={{ color: 'inherit' }}
      onKeyDown={(event) => {
        // Escape leaves the editor (asking first when something changed). A dialog opened from the toolbar lives in
        // a portal, outside this element: its own Escape closes only it.
        if (event.key === 'Escape' && event.currentTarget.contains(event.target as Node) && !confirmCancel) cancel();
      }}
    >
      <RichTextEditor
        initialValue={parsed.document as Descendant[]}
        label={label}
        onChange={() => setDirty(true)}
        onSave={() => void save()}
        editorRef={(created) => {
          editor.current = created;
        }}
      />
      <Group
        justify="space-between"
        p="sm"
        bg="gray.0"
        style={{
          borderTop: '1px solid var(--mantine-color-gray-3)',
          borderRadius: '0 0 var(--mantine-radius-md) var(--mantine-radius-md)',
        }}
      >
        <Text size="sm" c="dimmed">
          {t('editor.content.saveHint', { shortcut: hotkeyLabel('save') })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={cancel} disabled={saving}>
            {t('app.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {t('app.save')}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirmCancel}
        title={t('editor.content.discardTitle')}
        message={t('editor.content.discardMessage')}
        confirmLabel={t('editor.content.discard')}
        cancelLabel={t('editor.content.keepEditing')}
        danger
        onConfirm={() => {
          setConfirmCancel(false);
          onClose();
        }}
        onCancel={() => setConfirmCancel(false)}
      />
    </Paper>
  );
}
