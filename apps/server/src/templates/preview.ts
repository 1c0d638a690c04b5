import { type Actor, policies } from '@mutirao/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { membershipOf } from '../communities/service';
import type { Db } from '../db/client';
import {
  type TemplateBlock,
  type TemplateWidget,
  templateBlocks,
  templateMobilizations,
  templateWidgets,
} from '../db/schema';
import { notFound } from '../http/errors';

/** The blocks a thumbnail draws: the top of the page, which is what a thumbnail's frame shows anyway. */
export const PREVIEW_BLOCKS = 3;

/**
 * What a template's thumbnail draws: its design and its first visible blocks with their widgets, in two small reads.
 * Only a template the caller may use (a global one, or one of a community they work in); anything else is the same
 * 404 as a missing one.
 */
export async function templatePreview(db: Db, actor: Actor, id: number) {
  const [template] = await db.select().from(templateMobilizations).where(eq(templateMobilizations.id, id)).limit(1);
  if (!template) throw notFound();
  const membership = template.communityId ? await membershipOf(db, actor.id, template.communityId) : undefined;
  if (!policies.canUseTemplate(actor, membership, template)) throw notFound();
  const blocks = await db
    .select()
    .from(templateBlocks)
    .where(and(eq(templateBlocks.templateMobilizationId, id), eq(templateBlocks.hidden, false)))
    .orderBy(asc(templateBlocks.position), asc(templateBlocks.id))
    .limit(PREVIEW_BLOCKS);
  const widgets = blocks.length
    ? await db
        .select()
        .from(templateWidgets)
        .where(
          inArray(
            templateWidgets.templateBlockId,
            blocks.map((b) => b.id),
          ),
        )
        .orderBy(asc(templateWidgets.id))
    : [];
  return {
    id: template.id,
    name: template.name,
    color_scheme: template.colorScheme,
    header_font: template.headerFont,
    body_font: template.bodyFont,
    blocks: blocks.map((block) => presentBlock(block, widgets)),
  };
}

/** A template block as the page components read one (`PageBlock`), with its widgets in column order. */
function presentBlock(block: TemplateBlock, widgets: TemplateWidget[]) {
  return {
    id: block.id,
    name: block.name,
    position: block.position,
    hidden: block.hidden,
    menu_hidden: block.menuHidden,
    bg_class: block.bgClass,
    bg_image: block.bgImage,
    widgets: widgets
      .filter((w) => w.templateBlockId === block.id)
      .map((w) => ({
        id: w.id,
        block_id: block.id,
        kind: w.kind,
        sm_size: w.smSize,
        md_size: w.mdSize,
        lg_size: w.lgSize,
        settings: w.settings,
        goal: w.goal,
      })),
  };
}
