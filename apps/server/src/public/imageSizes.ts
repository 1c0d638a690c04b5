import { contentOfSettings, type RichTextDocument, serializeContent } from '@mutirao/core';
import type { PageImage } from '@mutirao/widgets';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, type Widget } from '../db/schema';
import { variantUrl } from '../uploads/variants';

/*
 * Images on a public page get a width and height before they load, from the stored upload's dimensions, so the
 * browser reserves their box and nothing below them moves when they arrive (layout shift). The size the organiser
 * set in the editor wins; an image that is not one of our uploads keeps whatever its document says.
 */

export interface ImageSize {
  width: number;
  height: number;
  /** Widths of its resized WebP copies (none for uploads stored before they were made, or still being made). */
  variantWidths?: readonly number[] | null;
}

interface ImageNode {
  type: 'image' | 'imageLink';
  src: string;
  width?: number;
  height?: number;
}

const isImage = (node: unknown): node is ImageNode =>
  typeof node === 'object' &&
  node !== null &&
  ((node as ImageNode).type === 'image' || (node as ImageNode).type === 'imageLink') &&
  typeof (node as ImageNode).src === 'string';

/** Every node of a document, depth first (images sit inside paragraphs, list items and grid cells). */
function* nodesOf(nodes: readonly unknown[]): Generator<unknown> {
  for (const node of nodes) {
    yield node;
    const children = (node as { children?: unknown }).children;
    if (Array.isArray(children)) yield* nodesOf(children);
  }
}

/** The addresses of the images in the page's content widgets. */
export function imageUrlsOf(widgets: readonly Widget[]): string[] {
  const urls = new Set<string>();
  for (const w of widgets) {
    if (w.kind !== 'content') continue;
    for (const node of nodesOf(contentOfSettings(w.settings).document)) if (isImage(node)) urls.add(node.src);
  }
  return [...urls];
}

/** The stored dimensions of those addresses that are uploads whose dimensions are known. */
export async function loadImageSizes(db: Db, urls: readonly string[]): Promise<Map<string, ImageSize>> {
  if (!urls.length) return new Map();
  const rows = await db
    .select({ url: uploads.url, width: uploads.width, height: uploads.height, variantWidths: uploads.variantWidths })
    .from(uploads)
    .where(and(inArray(uploads.url, [...urls]), eq(uploads.status, 'stored'), isNotNull(uploads.width)));
  return new Map(
    rows.flatMap((r) => (r.width && r.height ? [[r.url, { ...r, width: r.width, height: r.height }]] : [])),
  );
}

/** An image's width and height: the organiser's when both are set, else completed from the upload's proportions. */
export function sizedImage<T extends ImageNode>(node: T, size: ImageSize | undefined): T {
  if (!size || (node.width && node.height)) return node;
  if (node.width) return { ...node, height: Math.round((node.width * size.height) / size.width) };
  if (node.height) return { ...node, width: Math.round((node.height * size.width) / size.height) };
  return { ...node, width: size.width, height: size.height };
}

function sizedNodes(nodes: readonly unknown[], sizes: Map<string, ImageSize>): unknown[] {
  return nodes.map((node) => {
    if (isImage(node)) return sizedImage(node, sizes.get(node.src));
    const children = (node as { children?: unknown }).children;
    return Array.isArray(children) ? { ...(node as object), children: sizedNodes(children, sizes) } : node;
  });
}

/** Content widgets whose images are given their stored sizes (other widgets and image-less documents unchanged). */
export function withImageSizes(widgets: readonly Widget[], sizes: Map<string, ImageSize>): Widget[] {
  if (!sizes.size) return [...widgets];
  return widgets.map((w) => {
    if (w.kind !== 'content') return w;
    const { document } = contentOfSettings(w.settings);
    if (![...nodesOf(document)].some((node) => isImage(node) && sizes.has(node.src))) return w;
    const sized = sizedNodes(document, sizes) as RichTextDocument;
    return { ...w, settings: { ...(w.settings as object), content: serializeContent(sized) } };
  });
}

/** The `srcset` of each image that has resized copies: the copies, then the original at its own width. */
export function pageImages(sizes: Map<string, ImageSize>): Record<string, PageImage> {
  const images: Record<string, PageImage> = {};
  for (const [url, { width, height, variantWidths }] of sizes) {
    if (!variantWidths?.length) continue;
    const candidates = [...variantWidths.map((w) => `${variantUrl(url, w)} ${w}w`), `${url} ${width}w`];
    images[url] = { width, height, srcset: candidates.join(', ') };
  }
  return images;
}
