import { Box } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createEditor, type Descendant, Editor, type PathRef, Range, type RangeRef, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, withReact } from 'slate-react';
import { setAlignment } from './alignment';
import { EditorUiContext } from './EditorUiContext';
import { EmbedDialog } from './EmbedDialog';
import { renderElement, renderLeaf } from './elements';
import { insertEmbed, isEmbedNode, updateEmbed } from './embeds';
import { insertGrid, splitRow } from './grid';
import { actionOf, type EditorAction } from './hotkeys';
import { type ImageFormData, ImageModal } from './ImageModal';
import { deleteImage, insertImage, isImageNode, updateImage } from './images';
import { LinkDialog } from './LinkDialog';
import { activeLink, insertLink, type LinkData, linkDataOf, removeLinkAt, updateLinkAt, wrapNewLink } from './links';
import { decreaseListDepth, increaseListDepth, toggleList } from './lists';
import { changeFontSize, toggleMark } from './marks';
import { Toolbar } from './Toolbar';
import type { RichTextEditor as SlateEditor } from './types';
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

type LinkState = { opened: false } | { opened: true; initial: Required<LinkData>; link?: PathRef; at?: RangeRef };
type ImageState =
  | { opened: false }
  | { opened: true; mode: 'insert' | 'edit' | 'none'; initial: ImageFormData; image?: PathRef; at?: RangeRef };
type EmbedState = { opened: false } | { opened: true; initial: string; embed?: PathRef; at?: RangeRef };

const NO_IMAGE: ImageFormData = { src: '', title: '', href: '', openExternal: true };

/**
 * Slate reads the browser's selection a moment after it changes; a shortcut pressed right after Shift+Arrow would
 * otherwise act on the selection as it was before. Shortcuts read it first.
 */
function syncSelectionFromDom(editor: SlateEditor) {
  const dom = window.getSelection();
  if (!dom || dom.rangeCount === 0) return;
  const range = ReactEditor.toSlateRange(editor, dom, { exactMatch: false, suppressThrow: true });
  if (range && (!editor.selection || !Range.equals(range, editor.selection))) Transforms.select(editor, range);
}

/** Where something new goes once a dialog closes: the selection as it was when the dialog opened. */
function rememberSelection(editor: Editor): RangeRef | undefined {
  return editor.selection ? Editor.rangeRef(editor, editor.selection) : undefined;
}

function restoreSelection(editor: Editor, at: RangeRef | undefined) {
  const range = at?.unref();
  if (range) Transforms.select(editor, range);
}

/**
 * The block editor (Slate) with its toolbar, shortcuts and the link, image and embed dialogs. It edits core's
 * document model; saving and cancelling belong to the caller.
 */
export function RichTextEditor({ initialValue, label, onChange, onSave, editorRef }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [editor] = useState(() => withHistory(withReact(withRichText(createEditor()))));
  useEffect(() => editorRef?.(editor), [editor, editorRef]);
  const [link, setLink] = useState<LinkState>({ opened: false });
  const [image, setImage] = useState<ImageState>({ opened: false });
  const [embed, setEmbed] = useState<EmbedState>({ opened: false });
  const [colorOpened, setColorOpened] = useState(false);
  const fontFamilyRef = useRef<HTMLInputElement | null>(null);

  const refocus = useCallback(() => {
    requestAnimationFrame(() => ReactEditor.focus(editor));
  }, [editor]);

  const openLink = useCallback(() => {
    const existing = activeLink(editor);
    if (existing) {
      setLink({ opened: true, initial: linkDataOf(editor, existing), link: Editor.pathRef(editor, existing[1]) });
      return;
    }
    const wrapped = wrapNewLink(editor);
    if (wrapped) {
      setLink({
        opened: true,
        initial: { href: '', title: '', text: Editor.string(editor, wrapped), openExternal: true },
        link: Editor.pathRef(editor, wrapped),
      });
      return;
    }
    setLink({
      opened: true,
      initial: { href: '', title: '', text: '', openExternal: true },
      at: rememberSelection(editor),
    });
  }, [editor]);

  const closeLink = useCallback(
    (how: 'cancel' | 'remove', data?: LinkData) => {
      if (!link.opened) return;
      const path = link.link?.unref();
      if (how === 'cancel' && data) {
        if (path) updateLinkAt(editor, path, data);
        else if (link.at) {
          restoreSelection(editor, link.at);
          insertLink(editor, data);
        }
      } else if (path) {
        // Cancelling a link that has no address yet removes it (spec 02 §4), as Remover always does.
        const node = Editor.node(editor, path)[0];
        if (how === 'remove' || ('href' in node && !node.href)) removeLinkAt(editor, path);
      } else link.at?.unref();
      setLink({ opened: false });
      refocus();
    },
    [editor, link, refocus],
  );

  const editImage = useCallback(
    (path: number[]) => {
      const [node] = Editor.node(editor, path);
      if (!isImageNode(node)) return;
      setImage({
        opened: true,
        mode: 'edit',
        image: Editor.pathRef(editor, path),
        initial: {
          src: node.src,
          title: node.title ?? '',
          href: node.type === 'imageLink' ? node.href : '',
          openExternal: node.openExternal ?? true,
        },
      });
    },
    [editor],
  );

  const openImage = useCallback(() => {
    const [selected] = editor.selection ? Editor.nodes(editor, { match: isImageNode }) : [];
    if (selected) editImage(selected[1]);
    else setImage({ opened: true, mode: 'insert', initial: NO_IMAGE, at: rememberSelection(editor) });
  }, [editor, editImage]);

  const editEmbed = useCallback(
    (path: number[]) => {
      const [node] = Editor.node(editor, path);
      if (isEmbedNode(node)) setEmbed({ opened: true, initial: node.embed, embed: Editor.pathRef(editor, path) });
    },
    [editor],
  );

  const openEmbed = useCallback(() => {
    const [selected] = editor.selection ? Editor.nodes(editor, { match: isEmbedNode }) : [];
    if (selected) editEmbed(selected[1]);
    else setEmbed({ opened: true, initial: '', at: rememberSelection(editor) });
  }, [editor, editEmbed]);

  /** Runs an action; false when it does not apply here (Tab outside a list moves focus on, as usual). */
  const run = useCallback(
    (action: EditorAction): boolean => {
      switch (action) {
        case 'bold':
        case 'italic':
        case 'underline':
        case 'strikethrough':
          toggleMark(editor, action);
          return true;
        case 'align-left':
          setAlignment(editor, 'left');
          return true;
        case 'align-center':
          setAlignment(editor, 'center');
          return true;
        case 'align-right':
          setAlignment(editor, 'right');
          return true;
        case 'unordered-list':
        case 'ordered-list':
          toggleList(editor, action);
          return true;
        case 'indent':
          return increaseListDepth(editor);
        case 'outdent':
          return decreaseListDepth(editor);
        case 'grid':
          insertGrid(editor);
          return true;
        case 'split-row':
          splitRow(editor);
          return true;
        case 'font-size-up':
          changeFontSize(editor, 1);
          return true;
        case 'font-size-down':
          changeFontSize(editor, -1);
          return true;
        case 'font-family':
          fontFamilyRef.current?.focus();
          return true;
        case 'color':
          setColorOpened(true);
          return true;
        case 'link':
          openLink();
          return true;
        case 'image':
          openImage();
          return true;
        case 'embed':
          openEmbed();
          return true;
        case 'save':
          onSave?.();
          return true;
      }
    },
    [editor, openLink, openImage, openEmbed, onSave],
  );

  // Tab and Shift+Tab change list depth only where they can; elsewhere they move focus as usual, so the editor is
  // never a keyboard trap.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = actionOf(event.nativeEvent);
    if (!action) return;
    syncSelectionFromDom(editor);
    if (run(action)) event.preventDefault();
  };

  const ui = useMemo(() => ({ editImage, editEmbed }), [editImage, editEmbed]);

  return (
    <EditorUiContext.Provider value={ui}>
      <Slate editor={editor} initialValue={initialValue} onValueChange={onChange}>
        <Toolbar
          run={(action) => {
            // A button pressed right after the caret moved by keyboard acts where the caret is now, not where Slate
            // last read it (the buttons keep the browser's selection in the text).
            syncSelectionFromDom(editor);
            run(action);
          }}
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
      {link.opened && (
        <LinkDialog
          opened
          initial={link.initial}
          existing={!!link.link}
          onSave={(data) => closeLink('cancel', data)}
          onCancel={() => closeLink('cancel')}
          onRemove={() => closeLink('remove')}
        />
      )}
      {image.opened && (
        <ImageModal
          opened
          mode={image.mode}
          initial={image.initial}
          onSave={(data) => {
            const path = image.image?.unref();
            if (path) updateImage(editor, path, { ...data, href: data.href || null });
            else {
              restoreSelection(editor, image.at);
              insertImage(editor, { ...data, href: data.href || null });
            }
            setImage({ opened: false });
            refocus();
          }}
          onCancel={() => {
            image.image?.unref();
            image.at?.unref();
            setImage({ opened: false });
            refocus();
          }}
          onDelete={() => {
            const path = image.image?.unref();
            if (path) deleteImage(editor, path);
            setImage({ opened: true, mode: 'none', initial: NO_IMAGE });
          }}
        />
      )}
      {embed.opened && (
        <EmbedDialog
          opened
          initial={embed.initial}
          existing={!!embed.embed}
          onSave={(code) => {
            const path = embed.embed?.unref();
            if (path) updateEmbed(editor, path, code);
            else {
              restoreSelection(editor, embed.at);
              insertEmbed(editor, code);
            }
            setEmbed({ opened: false });
            refocus();
          }}
          onCancel={() => {
            embed.embed?.unref();
            embed.at?.unref();
            setEmbed({ opened: false });
            refocus();
          }}
          onRemove={() => {
            const path = embed.embed?.unref();
            if (path) Transforms.removeNodes(editor, { at: path });
            setEmbed({ opened: false });
            refocus();
          }}
        />
      )}
    </EditorUiContext.Provider>
  );
}
