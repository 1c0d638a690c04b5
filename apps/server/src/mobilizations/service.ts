import {
  type Actor,
  checkCustomDomain,
  type MobilizationCreateData,
  type MobilizationUpdateData,
  msg,
  policies,
  slugify,
} from '@mutirao/core';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { forgetChallengeState } from '../antispam/state';
import { membershipOf } from '../communities/service';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { communities, dnsHostedZones, type Mobilization, mobilizations, mobilizationsSubthemes } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { checkShareImage } from '../uploads/shareImage';
import type { StorageDriver } from '../uploads/storage';
import { customDomainIs } from './queries';
import { assertThemeExists, resolveMainTheme, sameIds, subthemeIdsOf } from './subthemes';

/** Fallback when a name has no letters or digits to make a slug from. */
const FALLBACK_SLUG = 'mobilizacao';

/**
 * Throws 404 unless the actor may work on the community's mobilizations. A community the actor does not
 * belong to looks exactly like one that does not exist.
 */
export async function assertCommunityWorkable(
  db: Db | Tx,
  actor: Actor,
  communityId: number,
  lookup: () => Promise<{ communityId: number; role: number } | undefined> = () =>
    membershipOf(db, actor.id, communityId),
) {
  const membership = await lookup();
  if (!policies.canWorkOnMobilizations(actor, membership)) throw notFound();
  if (!membership) {
    const [community] = await db
      .select({ id: communities.id })
      .from(communities)
      .where(eq(communities.id, communityId))
      .limit(1);
    if (!community) throw notFound();
  }
  return membership;
}

/** A mobilization the actor may work on; deleted ones and other communities' ones are "not found". */
export async function findMobilizationFor(db: Db | Tx, actor: Actor, id: number): Promise<Mobilization> {
  const [mobilization] = await db
    .select()
    .from(mobilizations)
    .where(and(eq(mobilizations.id, id), isNull(mobilizations.deletedAt)))
    .limit(1);
  if (!mobilization) throw notFound();
  const membership = await membershipOf(db, actor.id, mobilization.communityId);
  if (!policies.canWorkOnMobilizations(actor, membership)) throw notFound();
  return mobilization;
}

async function slugTaken(db: Db | Tx, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: mobilizations.id })
    .from(mobilizations)
    .where(and(eq(mobilizations.slug, slug), exceptId ? ne(mobilizations.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

const slugTakenOnCreate = (name: string) =>
  new AppError('unprocessable', { slug: [msg('mobilizationForm.slugTaken', { name })] });
const slugTakenOnUpdate = (slug: string) =>
  new AppError('unprocessable', { slug: [msg('mobilizationForm.slugTakenOnUpdate', { slug })] });

/** The settings columns shared by create and update, from the API's snake_case input. */
function settingsValues(input: Partial<MobilizationUpdateData>): Partial<typeof mobilizations.$inferInsert> {
  const values: Partial<typeof mobilizations.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.goal !== undefined) values.goal = input.goal;
  if (input.language !== undefined) values.language = input.language;
  if (input.status !== undefined) values.status = input.status;
  if (input.favicon !== undefined) values.favicon = input.favicon;
  if (input.header_font !== undefined) values.headerFont = input.header_font;
  if (input.body_font !== undefined) values.bodyFont = input.body_font;
  if (input.color_scheme !== undefined) values.colorScheme = input.color_scheme;
  if (input.google_analytics_code !== undefined) values.googleAnalyticsCode = input.google_analytics_code;
  if (input.facebook_share_image !== undefined) values.facebookShareImage = input.facebook_share_image;
  if (input.facebook_share_title !== undefined) values.facebookShareTitle = input.facebook_share_title;
  if (input.facebook_share_description !== undefined)
    values.facebookShareDescription = input.facebook_share_description;
  if (input.twitter_share_text !== undefined) values.twitterShareText = input.twitter_share_text;
  if (input.antispam_challenge !== undefined) values.antispamChallenge = input.antispam_challenge;
  return values;
}

/**
 * Creates a mobilization for the actor in a community: the slug comes from the name when none is given and
 * must be unique; the subthemes are linked and the main theme set by the spec's rule.
 */
export async function createMobilization(db: Db, actor: Actor, input: MobilizationCreateData) {
  await assertCommunityWorkable(db, actor, input.community_id);
  const themeId = await resolveMainTheme(db, input.subthemes, input.theme_id);
  const slug = input.slug ?? (slugify(input.name) || FALLBACK_SLUG);
  try {
    return await db.transaction(async (tx) => {
      if (await slugTaken(tx, slug)) throw slugTakenOnCreate(input.name);
      const [mobilization] = await tx
        .insert(mobilizations)
        .values({
          ...settingsValues(input),
          name: input.name,
          goal: input.goal,
          slug,
          communityId: input.community_id,
          themeId,
          userId: actor.id,
        })
        .returning();
      if (!mobilization) throw new Error('insert returned nothing');
      await tx
        .insert(mobilizationsSubthemes)
        .values(input.subthemes.map((subthemeId) => ({ mobilizationId: mobilization.id, subthemeId })));
      return mobilization;
    });
  } catch (error) {
    // Two creates racing for one slug: the unique index decides, with the same answer.
    if (isUniqueViolation(error, 'mobilizations_slug_idx')) throw slugTakenOnCreate(input.name);
    throw error;
  }
}

/**
 * Works out the theme column and the subtheme links of an update. Organisers may change both at any time (a campaign
 * changes course); the rules of spec 01 §5 hold for the new choice as for the first: at most three subthemes, and a
 * main theme among theirs, set by itself when they share one. `subthemes` is the new set of links, when it changed.
 */
async function themeChange(db: Db | Tx, mobilization: Mobilization, input: MobilizationUpdateData) {
  if (input.subthemes === undefined && input.theme_id === undefined) return {};
  const current = await subthemeIdsOf(db, mobilization.id);
  const chosen = input.subthemes ?? current;
  if (!chosen.length) {
    // A page from before subthemes: a theme picked alone must at least exist.
    if (input.theme_id !== null && input.theme_id !== undefined) await assertThemeExists(db, input.theme_id);
    return { themeId: input.theme_id ?? null };
  }
  const requested = input.theme_id !== undefined ? input.theme_id : mobilization.themeId;
  const themeId = await resolveMainTheme(db, chosen, requested);
  // Subthemes of one theme set it by themselves; a different one asked for outright is refused, not ignored.
  if (input.theme_id != null && input.theme_id !== themeId)
    throw new AppError('unprocessable', { theme_id: [msg('mobilizationForm.themeMismatch')] });
  return { themeId, subthemes: sameIds(chosen, current) ? undefined : chosen };
}

/** Applies any subset of the settings, archive/activate included. */
export async function updateMobilization(
  db: Db,
  storage: StorageDriver,
  actor: Actor,
  id: number,
  input: MobilizationUpdateData,
) {
  const mobilization = await findMobilizationFor(db, actor, id);
  if (input.facebook_share_image) await checkShareImage(db, storage, input.facebook_share_image);
  const values = settingsValues(input);
  const theme = await themeChange(db, mobilization, input);
  if (theme.themeId !== undefined) values.themeId = theme.themeId;
  if (input.custom_domain !== undefined)
    values.customDomain = await customDomainFor(db, mobilization, input.custom_domain);
  if (input.slug !== undefined) {
    const slug = input.slug ?? (slugify(input.name ?? mobilization.name) || FALLBACK_SLUG);
    if (slug !== mobilization.slug && (await slugTaken(db, slug, id))) throw slugTakenOnUpdate(slug);
    values.slug = slug;
  }
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(mobilizations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(mobilizations.id, id))
        .returning();
      if (!updated) throw notFound();
      // This process acts on the new switch at once; the others within a few seconds (`antispam/state.ts`).
      if (input.antispam_challenge !== undefined) forgetChallengeState(id);
      if (theme.subthemes?.length) {
        await tx.delete(mobilizationsSubthemes).where(eq(mobilizationsSubthemes.mobilizationId, id));
        await tx
          .insert(mobilizationsSubthemes)
          .values(theme.subthemes.map((subthemeId) => ({ mobilizationId: id, subthemeId })));
      }
      return updated;
    });
  } catch (error) {
    if (values.slug && isUniqueViolation(error, 'mobilizations_slug_idx')) throw slugTakenOnUpdate(values.slug);
    if (values.customDomain && isUniqueViolation(error, 'mobilizations_custom_domain_lower_idx'))
      throw new AppError('unprocessable', { custom_domain: ['domains.customDomainTaken'] });
    throw error;
  }
}

/**
 * A page's custom domain (spec 01 §5): inside a zone of the page's community, not another page's (with or without
 * 'www.', since a page answers on both), stored as core's `storedCustomDomain` says. Every page ever made keeps its domain in the unique index, deleted ones included, so a domain is
 * never served by two pages; the index settles a race between two saves.
 */
async function customDomainFor(db: Db | Tx, mobilization: Mobilization, raw: string | null) {
  const zones = await db
    .select({ domain_name: dnsHostedZones.domainName })
    .from(dnsHostedZones)
    .where(eq(dnsHostedZones.communityId, mobilization.communityId));
  const checked = checkCustomDomain(raw, zones, !!mobilization.customDomain);
  if ('error' in checked) throw new AppError('unprocessable', { custom_domain: [checked.error] });
  if (!checked.domain) return null;
  const [taken] = await db
    .select({ id: mobilizations.id })
    .from(mobilizations)
    .where(and(customDomainIs(checked.domain), ne(mobilizations.id, mobilization.id)))
    .limit(1);
  if (taken) throw new AppError('unprocessable', { custom_domain: ['domains.customDomainTaken'] });
  return checked.domain;
}
