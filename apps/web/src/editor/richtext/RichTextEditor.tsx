import { Box } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createEditor, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, Slate, withReact } from 'slate-react';
import { EditorDialogs } from './EditorDialogs';
import { EditorUiContext } from './EditorUiContext';
import { renderElement, renderLeaf } from './elements';
import { Toolbar } from './Toolbar';
import type { RichTextEditor as SlateEditor } from './types';
import { useEditorActions } from './useEditorActions';
import { useEditorDialogs } from './useEditorDialogs';
import { withRichText } from './withRichText';

interface RichTextEditorProps {
  initialValue: Descendant[];
  /** Names the text area for assistive technology, e.g. 'Conteúdo do bloco 2'. */
  label: string;
  onChange?(value: Descendant[]): void;
  /** Ctrl/Cmd+S. */
  onSave?(): void;
  editorRef?: (editor: SlateEditor) => void;
}

/**
 * The block editor (Slate) with its toolbar, shortcuts (`useEditorActions`) and the link, image and embed dialogs
 * (`useEditorDialogs`). It edits core's document model; saving and cancelling belong to the caller.
 */
export function RichTextEditor({ initialValue, label, onChange, onSave, editorRef }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [editor] = useState(() => withHistory(withReact(withRichText(createEditor()))));
  useEffect(() => editorRef?.(editor), [editor, editorRef]);
  const [colorOpened, setColorOpened] = useState(false);
  const openColor = useCallback(() => setColorOpened(true), []);
  const fontFamilyRef = useRef<HTMLInputElement | null>(null);
  const dialogs = useEditorDialogs(editor);
  const { openLink, openImage, openEmbed } = dialogs;
  const { runFromToolbar, onKeyDown } = useEditorActions(editor, {
    openLink,
    openImage,
    openEmbed,
    openColor,
    fontFamilyRef,
    onSave,
  });

  return (
    <EditorUiContext.Provider value={dialogs.ui}>
      <Slate editor={editor} initialValue={initialValue} onValueChange={onChange}>
        <Toolbar
          run={runFromToolbar}
          colorOpened={colorOpened}
          setColorOpened={setColorOpened}
          fontFamilyRef={fontFamilyRef}
        />
        <Box className="mz-rich-text" px="md" py="sm">
          <Editable
            aria-label={label}
            aria-multiline
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={onKeyDown}
            placeholder={t('editor.content.placeholder')}
            spellCheck
            style={{ minHeight: 150, outline: 'none' }}
          />
        </Box>
      </Slate>
      <EditorDialogs dialogs={dialogs} />
    </EditorUiContext.Provider>
  );
}
