import { type Actor, msg, policies, type TemplateCreateData } from '@mutirao/core';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { lockPage } from '../blocks/positions';
import { membershipOf } from '../communities/service';
import type { Db, Tx } from '../db/client';
import {
  blocks,
  type Mobilization,
  mobilizations,
  type TemplateMobilization,
  templateBlocks,
  templateMobilizations,
  templateWidgets,
  widgets,
} from '../db/schema';
import {
  BLOCK_CONTENT_KEYS,
  PAGE_DESIGN_KEYS,
  type PageDesignKey,
  pick,
  WIDGET_CONTENT_KEYS,
} from '../db/schema/pageContent';
import { AppError, notFound } from '../http/errors';
import { assertCommunityWorkable, findMobilizationFor } from '../mobilizations/service';
import { lastPosition, loadPageContent } from '../pages/content';

/** A template row the actor may see: a global one, or one of a community the actor works in. */
async function findTemplateFor(db: Db | Tx, actor: Actor, id: number) {
  const [template] = await db.select().from(templateMobilizations).where(eq(templateMobilizations.id, id)).limit(1);
  if (!template) throw notFound();
  const membership = template.communityId ? await membershipOf(db, actor.id, template.communityId) : undefined;
  return { template, membership };
}

/**
 * The templates offered in a community: its own (global = false) and the global library.
 * `global` narrows to one of the two.
 */
export async function listTemplates(db: Db, actor: Actor, filter: { communityId: number; global?: boolean }) {
  await assertCommunityWorkable(db, actor, filter.communityId);
  const own = and(eq(templateMobilizations.communityId, filter.communityId), eq(templateMobilizations.global, false));
  const global = eq(templateMobilizations.global, true);
  const where: SQL | undefined = filter.global === undefined ? or(own, global) : filter.global ? global : own;
  return db
    .select()
    .from(templateMobilizations)
    .where(where)
    .orderBy(asc(templateMobilizations.name), asc(templateMobilizations.id));
}

/**
 * Snapshots a mobilization as a template: its design and share settings, and a copy of every block and widget
 * (settings included), all in one transaction.
 */
export async function createTemplateFromMobilization(db: Db, actor: Actor, input: TemplateCreateData) {
  const mobilization = await findMobilizationFor(db, actor, input.mobilization_id);
  if (input.global && !policies.canCreateGlobalTemplate(actor))
    throw new AppError('unprocessable', { global: [msg('templatesApi.globalForbidden')] });
  return db.transaction(async (tx) => {
    const [template] = await tx
      .insert(templateMobilizations)
      .values({
        name: input.name,
        goal: input.goal,
        global: input.global,
        userId: actor.id,
        communityId: input.global ? null : mobilization.communityId,
        ...pick(mobilization, PAGE_DESIGN_KEYS),
      })
      .returning();
    if (!template) throw new Error('insert returned nothing');
    const source = await loadPageContent(tx, mobilization.id);
    for (const block of source.blocks) {
      const [copy] = await tx
        .insert(templateBlocks)
        .values({ ...pick(block, BLOCK_CONTENT_KEYS), templateMobilizationId: template.id })
        .returning({ id: templateBlocks.id });
      const list = source.widgets.filter((w) => w.blockId === block.id);
      if (copy && list.length)
        await tx
          .insert(templateWidgets)
          .values(list.map((w) => ({ ...pick(w, WIDGET_CONTENT_KEYS), templateBlockId: copy.id })));
    }
    return template;
  });
}

/** Removes a community's own template; global ones only by the platform admin. Anything else is "not found". */
export async function deleteTemplate(db: Db, actor: Actor, id: number) {
  const { template, membership } = await findTemplateFor(db, actor, id);
  if (!policies.canDeleteTemplate(actor, membership, template)) throw notFound();
  await db.delete(templateMobilizations).where(eq(templateMobilizations.id, id));
  return template;
}

/**
 * Creates a mobilization's content from a template, in one transaction: every template block and widget is
 * copied after the mobilization's existing blocks, design and share settings the mobilization lacks are taken
 * from the template, uses_number grows by one and the mobilization remembers its template.
 */
export async function applyTemplate(db: Db, actor: Actor, mobilizationId: number, templateId: number) {
  const mobilization = await findMobilizationFor(db, actor, mobilizationId);
  const { template, membership } = await findTemplateFor(db, actor, templateId);
  const sameCommunity = template.global || template.communityId === mobilization.communityId;
  if (!sameCommunity || !policies.canUseTemplate(actor, membership, template)) throw notFound();
  return db.transaction(async (tx) => {
    // The copies go after the page's last block: under the page's lock, like every other write to its blocks.
    await lockPage(tx, mobilization.id);
    const base = await lastPosition(tx, mobilization.id);
    const sourceBlocks = await tx
      .select()
      .from(templateBlocks)
      .where(eq(templateBlocks.templateMobilizationId, template.id))
      .orderBy(asc(templateBlocks.position), asc(templateBlocks.id));
    const sourceWidgets = sourceBlocks.length
      ? await tx
          .select()
          .from(templateWidgets)
          .where(
            inArray(
              templateWidgets.templateBlockId,
              sourceBlocks.map((b) => b.id),
            ),
          )
          .orderBy(asc(templateWidgets.id))
      : [];
    for (const block of sourceBlocks) {
      const [copy] = await tx
        .insert(blocks)
        .values({
          ...pick(block, BLOCK_CONTENT_KEYS),
          mobilizationId: mobilization.id,
          position: base + block.position,
        })
        .returning({ id: blocks.id });
      const list = sourceWidgets.filter((w) => w.templateBlockId === block.id);
      if (copy && list.length)
        await tx.insert(widgets).values(list.map((w) => ({ ...pick(w, WIDGET_CONTENT_KEYS), blockId: copy.id })));
    }
    await tx
      .update(templateMobilizations)
      .set({ usesNumber: sql`${templateMobilizations.usesNumber} + 1` })
      .where(eq(templateMobilizations.id, template.id));
    const [updated] = await tx
      .update(mobilizations)
      .set({ ...inheritedSettings(mobilization, template), templateMobilizationId: template.id, updatedAt: new Date() })
      .where(eq(mobilizations.id, mobilization.id))
      .returning();
    if (!updated) throw notFound();
    return updated;
  });
}

/** Design and share settings come from the template only where the mobilization has none of its own. */
function inheritedSettings(m: Mobilization, t: TemplateMobilization) {
  return Object.fromEntries(PAGE_DESIGN_KEYS.map((k) => [k, m[k] ?? t[k]])) as Pick<Mobilization, PageDesignKey>;
}
