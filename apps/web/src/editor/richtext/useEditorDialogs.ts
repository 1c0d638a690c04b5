import { useCallback, useMemo, useState } from 'react';
import { Editor, type PathRef, type RangeRef, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
import { insertEmbed, isEmbedNode, updateEmbed } from './embeds';
import type { ImageFormData } from './ImageModal';
import { deleteImage, insertImage, isImageNode, updateImage } from './images';
import { activeLink, insertLink, type LinkData, linkDataOf, removeLinkAt, updateLinkAt, wrapNewLink } from './links';
import { rememberSelection, restoreSelection } from './selection';
import type { RichTextEditor as SlateEditor } from './types';

type LinkState = { opened: false } | { opened: true; initial: Required<LinkData>; link?: PathRef; at?: RangeRef };
type ImageState =
  | { opened: false }
  | { opened: true; mode: 'insert' | 'edit' | 'none'; initial: ImageFormData; image?: PathRef; at?: RangeRef };
type EmbedState = { opened: false } | { opened: true; initial: string; embed?: PathRef; at?: RangeRef };

const NO_IMAGE: ImageFormData = { src: '', title: '', href: '', openExternal: true };

/**
 * The link, image and embed dialogs of the block editor: what each one edits (the node under the caret, or a new one
 * at the selection remembered when it opened) and what closing it does to the document. Focus returns to the text.
 */
export function useEditorDialogs(editor: SlateEditor) {
  const [link, setLink] = useState<LinkState>({ opened: false });
  const [image, setImage] = useState<ImageState>({ opened: false });
  const [embed, setEmbed] = useState<EmbedState>({ opened: false });

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

  const imageDone = {
    save(data: ImageFormData) {
      if (!image.opened) return;
      const path = image.image?.unref();
      if (path) updateImage(editor, path, { ...data, href: data.href || null });
      else {
        restoreSelection(editor, image.at);
        insertImage(editor, { ...data, href: data.href || null });
      }
      setImage({ opened: false });
      refocus();
    },
    cancel() {
      if (!image.opened) return;
      image.image?.unref();
      image.at?.unref();
      setImage({ opened: false });
      refocus();
    },
    remove() {
      if (!image.opened) return;
      const path = image.image?.unref();
      if (path) deleteImage(editor, path);
      setImage({ opened: true, mode: 'none', initial: NO_IMAGE });
    },
  };

  const embedDone = {
    save(code: string) {
      if (!embed.opened) return;
      const path = embed.embed?.unref();
      if (path) updateEmbed(editor, path, code);
      else {
        restoreSelection(editor, embed.at);
        insertEmbed(editor, code);
      }
      setEmbed({ opened: false });
      refocus();
    },
    cancel() {
      if (!embed.opened) return;
      embed.embed?.unref();
      embed.at?.unref();
      setEmbed({ opened: false });
      refocus();
    },
    remove() {
      if (!embed.opened) return;
      const path = embed.embed?.unref();
      if (path) Transforms.removeNodes(editor, { at: path });
      setEmbed({ opened: false });
      refocus();
    },
  };

  /** What the elements reach through EditorUiContext: a click on an image or an embed opens its dialog. */
  const ui = useMemo(() => ({ editImage, editEmbed }), [editImage, editEmbed]);

  return { link, image, embed, openLink, closeLink, openImage, openEmbed, imageDone, embedDone, ui };
}

export type EditorDialogs = ReturnType<typeof useEditorDialogs>;
