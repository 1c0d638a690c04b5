import type { PageBlock, PageWidget } from './types';

const span = (n: number | null | undefined, fallback: number) =>
  Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 12 ? (n as number) : fallback;

/** Grid classes of a column from its widget's sizes: sm for phones, md from 48rem, lg from 64rem (of the page). */
export function columnClasses(widget: PageWidget): string {
  const sm = span(widget.sm_size, 12);
  const md = span(widget.md_size, sm);
  const lg = span(widget.lg_size, md);
  return `mz-col mz-col-sm-${sm} mz-col-md-${md} mz-col-lg-${lg}`;
}

/** Blocks in page order (position, then id for equal positions). */
export function orderBlocks<T extends PageBlock>(blocks: readonly T[]): T[] {
  return [...blocks].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
}

/** Each block's widgets: its own `widgets`, else those of a flat list with its block_id, in creation order. */
export function widgetsOf(block: PageBlock, all: readonly PageWidget[] | undefined): PageWidget[] {
  if (block.widgets) return block.widgets;
  return (all ?? []).filter((w) => w.block_id === block.id).sort((a, b) => a.id - b.id);
}

/** The id of a block's section, which its navbar link points at. */
export function blockAnchor(block: PageBlock): string {
  return `block-${block.id}`;
}

/**
 * Whether a block has a link in the public page's menu: only blocks the organiser named (a generated 'Bloco 3' says
 * nothing to a visitor), shown, and not kept out of the menu (`menu_hidden`). The editor lists every block, marking
 * those without a link.
 */
export function inPublicMenu(block: PageBlock): boolean {
  return !!block.name?.trim() && !block.hidden && !block.menu_hidden;
}
