import { safeHref } from '@mutirao/core';
import { Editor, Element, type Node, type Path, Transforms } from 'slate';
import type { ImageElement, ImageLinkElement } from './types';

/** What the image modal edits (spec 02 §2): title (hover text), href and 'Abrir em nova aba'. */
export interface ImageData {
  src?: string;
  title?: string;
  /** null or empty: a plain image. */
  href?: string | null;
  openExternal?: boolean;
}

export const isImageNode = (node: Node): node is ImageElement | ImageLinkElement =>
  Element.isElement(node) && (node.type === 'image' || node.type === 'imageLink');

/** A link only when it is one the public page will keep (core's rule); anything else means no link. */
const hrefOf = (data: ImageData) => (data.href ? safeHref(data.href) : undefined);

/** An inline void image at the selection; with an href it is an image link. */
export function insertImage(editor: Editor, data: ImageData & { src: string }) {
  const href = hrefOf(data);
  const node: ImageElement | ImageLinkElement = href
    ? { type: 'imageLink', src: data.src, href, children: [{ text: '' }] }
    : { type: 'image', src: data.src, children: [{ text: '' }] };
  if (data.title) node.title = data.title;
  if (data.openExternal !== undefined) node.openExternal = data.openExternal;
  Transforms.insertNodes(editor, node, { at: editor.selection ?? Editor.end(editor, []), select: true });
  // The cursor goes past the image, so what comes next follows it.
  Transforms.move(editor);
}

/** Image update (spec 02 §4): with an href it becomes an imageLink, otherwise a plain image. */
export function updateImage(editor: Editor, path: Path, data: ImageData) {
  const href = hrefOf(data);
  Editor.withoutNormalizing(editor, () => {
    const props: Partial<ImageElement | ImageLinkElement> = { type: href ? 'imageLink' : 'image' };
    if (href) (props as Partial<ImageLinkElement>).href = href;
    if (data.src !== undefined) props.src = data.src;
    if (data.title !== undefined) props.title = data.title;
    if (data.openExternal !== undefined) props.openExternal = data.openExternal;
    Transforms.setNodes(editor, props, { at: path, match: isImageNode });
    if (!href) Transforms.unsetNodes(editor, 'href', { at: path, match: isImageNode });
    if (data.title === '') Transforms.unsetNodes(editor, 'title', { at: path, match: isImageNode });
  });
}

/** Image delete (spec 02 §4): the cursor goes right after the image, and one backward deletion removes it. */
export function deleteImage(editor: Editor, path: Path) {
  const after = Editor.after(editor, path) ?? Editor.end(editor, path);
  Transforms.select(editor, after);
  editor.deleteBackward('character');
}
