import { LINK_HREF_PATTERN, safeHref } from '@mutirao/core';
import { Editor, Element, type Node, type NodeEntry, type Path, Range, Transforms } from 'slate';
import { updateImage } from './images';
import type { LinkElement, LinkTarget } from './types';

/** What the link dialog edits (spec 02 §2): title, URL, text and 'Abrir em nova aba'. */
export interface LinkData {
  href: string;
  title?: string;
  text?: string;
  openExternal?: boolean;
}

const isLink = (node: Node): node is LinkElement => Element.isElement(node) && node.type === 'link';
const isImage = (node: Node) => Element.isElement(node) && (node.type === 'image' || node.type === 'imageLink');

/**
 * The spec's href pattern: optional http(s) prefix, a word part of 2 or more characters, a dot, then 2 or more word
 * or dot characters. Like the original it only advises; saving is never refused for it.
 */
export function looksLikeUrl(href: string): boolean {
  return LINK_HREF_PATTERN.test(href.trim());
}

/**
 * The href stored, by core's rule (the public page applies the same): a bare address gets `http://`, as the
 * original dialog did; schemes that run code (`javascript:`, `data:`...) are dropped, which leaves an empty href and
 * so removes the link.
 */
export function normalizeHref(raw: string): string {
  return safeHref(raw) ?? '';
}

/** The link around or inside the selection. */
export function activeLink(
  editor: Editor,
  at: Range | Path | null = editor.selection,
): NodeEntry<LinkElement> | undefined {
  if (!at) return undefined;
  const [entry] = Editor.nodes(editor, { at, match: isLink });
  return entry as NodeEntry<LinkElement> | undefined;
}

function linkProps(data: LinkData): Pick<LinkElement, 'href' | 'title' | 'target'> {
  const target: LinkTarget = data.openExternal === false ? '_self' : '_blank';
  return { href: normalizeHref(data.href), title: data.title?.trim() || undefined, target };
}

/** The dialog's starting values for a link node. */
export function linkDataOf(editor: Editor, [node, path]: NodeEntry<LinkElement>): Required<LinkData> {
  return {
    href: node.href ?? '',
    title: node.title ?? '',
    text: Editor.string(editor, path),
    openExternal: node.target !== '_self',
  };
}

/** Replaces a link's text, keeping the marks of its first run. */
function replaceLinkText(editor: Editor, path: Path, text: string) {
  if (!text || Editor.string(editor, path) === text) return;
  Transforms.insertText(editor, text, { at: Editor.range(editor, path) });
}

/** Sets the data of the link at `path`; an empty href removes the link instead (spec 02 §4). */
export function updateLinkAt(editor: Editor, path: Path, data: LinkData) {
  const props = linkProps(data);
  if (!props.href) {
    removeLinkAt(editor, path);
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.setNodes(editor, props, { at: path, match: isLink });
    if (props.title === undefined) Transforms.unsetNodes(editor, 'title', { at: path, match: isLink });
    if (data.text) replaceLinkText(editor, path, data.text);
  });
}

export function removeLinkAt(editor: Editor, path: Path) {
  Transforms.unwrapNodes(editor, { at: path, match: isLink });
}

/**
 * Wraps the expanded selection in a new link with no href yet and returns its path: the dialog then fills it in,
 * and cancelling leaves no empty link behind. A selection across blocks gets no link (as in the original).
 */
export function wrapNewLink(editor: Editor): Path | undefined {
  const { selection } = editor;
  if (!selection || Range.isCollapsed(selection)) return undefined;
  const [start, end] = Range.edges(selection);
  const startBlock = Editor.above(editor, {
    at: start,
    match: (n) => Element.isElement(n) && Editor.isBlock(editor, n),
  });
  const endBlock = Editor.above(editor, { at: end, match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) });
  if (!startBlock || !endBlock || startBlock[1].join() !== endBlock[1].join()) {
    console.info('[editor] link: the selection spans more than one block.');
    return undefined;
  }
  Transforms.unwrapNodes(editor, { match: isLink, split: true });
  Transforms.wrapNodes(editor, { type: 'link', href: '', target: '_blank', children: [] }, { split: true });
  return activeLink(editor)?.[1];
}

/** A new link at a collapsed cursor: its text is the given text, or the address itself. */
export function insertLink(editor: Editor, data: LinkData) {
  const props = linkProps(data);
  if (!props.href || !editor.selection) return;
  const text = data.text?.trim() || props.href;
  Transforms.insertNodes(editor, { type: 'link', ...props, children: [{ text }] });
}

/**
 * The link toggle of spec 02 §4:
 * - on an image (an atomic block) the image's href is cleared: it becomes a plain image;
 * - with no data (or an empty href) the links in the selection are removed;
 * - a collapsed selection merges the data into the link it is in (or inserts a new link);
 * - with data, the expanded selection gets a link, or its link is updated.
 */
export function toggleLink(editor: Editor, data?: LinkData) {
  const { selection } = editor;
  if (!selection) return;
  const [image] = Editor.nodes(editor, { match: isImage });
  if (image) {
    updateImage(editor, image[1], { href: null });
    return;
  }
  const existing = activeLink(editor);
  if (!data || !normalizeHref(data.href)) {
    Transforms.unwrapNodes(editor, { match: isLink, split: Range.isExpanded(selection) });
    return;
  }
  if (existing && (Range.isCollapsed(selection) || Range.includes(Editor.range(editor, existing[1]), selection))) {
    const [node, path] = existing;
    updateLinkAt(editor, path, { ...linkDataOf(editor, [node, path]), ...data });
    return;
  }
  if (Range.isCollapsed(selection)) {
    insertLink(editor, data);
    return;
  }
  const path = wrapNewLink(editor);
  if (path) updateLinkAt(editor, path, data);
}
