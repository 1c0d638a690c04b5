import { TIME_ZONES } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { communities } from '../db/schema';
import { parseInput } from '../http/validate';
import { createActionMix } from './actionMix';
import { batchStatementRoute } from './batchStatement';
import { createBotSubscribers, createSentBotCampaign } from './botSubscribers';
import { createManyMobilizations } from './bulk';
import { SIGN_UP_BLOCK } from './demoForm';
import { demoPageBlocks, storedDemoImages } from './demoPage';
import { createDonationPage } from './donationPage';
import { createCommunity, createDonation, createFormEntries, createMobilization, createUser } from './factories';
import { seedGlobalTemplates } from './templates';

const seedSchema = z.object({
  user: z.object({
    email: z.string().email(),
    password: z.string().min(8),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
  }),
  communities: z
    .array(
      z.object({
        name: z.string().min(1),
        city: z.string().optional(),
        /** The seeded user's role in it: 1 (admin, the default) or 2 (mobilizer). */
        role: z.union([z.literal(1), z.literal(2)]).default(1),
        /** How many mobilizations to add to it, for list and benchmark data. */
        mobilizations: z.number().int().min(0).max(10_000).default(0),
        /** Adds a published page with the demo sign-up form and this many entries (report and benchmark data). */
        formEntries: z.number().int().min(0).max(1_000_000).optional(),
        /** Paid donations (integer cents) on that page, recent, for the metrics screens. */
        paidDonations: z.array(z.number().int().positive()).max(100).default([]),
        /** Adds a published page of content only: the demo page's text and pictures, no form and no script. */
        contentPage: z.boolean().default(false),
        /** Adds a published page with an e-mail pressure on three targets (benchmark data). */
        pressurePage: z.boolean().default(false),
        /**
         * Adds a recipient and a published page with a donation widget (the visitor's donation journeys); the object
         * form changes its goal (cents), leaves out the monthly offer after a one-off card donation, or sets the counter's text.
         */
        donationPage: z
          .union([
            z.boolean(),
            z.object({
              goal: z.number().int().positive().max(2_000_000_000).optional(),
              offer: z.boolean().optional(),
              countText: z.string().min(1).max(100).optional(),
            }),
          ])
          .default(false),
        /** A bot configuration and Messenger subscribers for this many of its activists (mass-message journeys). */
        botSubscribers: z.number().int().min(0).max(10_000).optional(),
        /** With botSubscribers: a campaign of this name already sent to them (one failed). */
        botCampaign: z.string().min(1).max(100).optional(),
        /**
         * A page with a form, an e-mail pressure, a phone pressure and a donation widget and issue 31's mix of
         * actions, the latest at this instant (ISO; true: `ACTION_MIX_LAST_AT`).
         */
        actionMix: z.union([z.literal(true), z.string().datetime()]).optional(),
        /** The community's time zone (core's `TIME_ZONES`). */
        timeZone: z.enum(TIME_ZONES).optional(),
      }),
    )
    .default([]),
  /** Also add the global template library (idempotent), as the demo seed does. */
  globalTemplates: z.boolean().default(false),
});

/** A published page holding the demo sign-up form, with `entries` made-up entries and the paid donations given. */
async function createFormPage(db: Db, communityId: number, entries: number, paidDonations: number[]) {
  const slug = `formulario-${communityId}-${Date.now().toString(36)}`;
  const page = await createMobilization(db, {
    communityId,
    name: `Formulário ${communityId}`,
    slug,
    blocks: [SIGN_UP_BLOCK],
  });
  const widget = page.widgets.find((w) => w.kind === 'form');
  if (!widget) throw new Error('the sign-up block has no form');
  await createFormEntries(db, {
    communityId,
    mobilizationId: page.id,
    widget,
    count: entries,
    tag: `c${communityId}-`,
  });
  for (const amount of paidDonations) await createDonation(db, { communityId, mobilizationId: page.id, amount });
  return { mobilization_id: page.id, widget_id: widget.id, slug };
}

/** A published page of the demo page's content blocks only (its images when the demo seed stored them). */
async function createContentPage(db: Db, communityId: number) {
  const slug = `conteudo-${communityId}-${Date.now().toString(36)}`;
  const blocks = demoPageBlocks(await storedDemoImages(db), SIGN_UP_BLOCK).filter(
    (b) => !b.hidden && (b.widgets ?? []).every((w) => w.kind === 'content'),
  );
  const page = await createMobilization(db, {
    communityId,
    name: `Conteúdo ${communityId}`,
    slug,
    headerFont: 'Oswald',
    bodyFont: 'Open Sans',
    blocks,
  });
  return { mobilization_id: page.id, slug };
}

/** A published page with an e-mail pressure widget on three targets. */
async function createPressurePage(db: Db, communityId: number) {
  const slug = `pressao-${communityId}-${Date.now().toString(36)}`;
  const targets = ['Ana', 'Beto', 'Caio'].map((n) => `Vereador ${n} <${n.toLowerCase()}@camara.example.org>`);
  const page = await createMobilization(db, {
    communityId,
    name: `Pressão ${communityId}`,
    slug,
    blocks: [
      {
        name: 'Pressione',
        widgets: [
          {
            kind: 'pressure',
            settings: {
              title_text: 'Pressione a Câmara',
              button_text: 'Enviar e-mail',
              targets,
              pressure_subject: 'Tarifa zero já',
              pressure_body: 'Aprovem a tarifa zero aos domingos.',
              finish_message_type: 'share',
            },
          },
        ],
      },
    ],
  });
  const widget = page.widgets.find((w) => w.kind === 'pressure');
  if (!widget) throw new Error('the pressure block has no widget');
  return { mobilization_id: page.id, widget_id: widget.id, slug, targets: targets.length };
}

/**
 * Test-only: lets browser journeys build data with the seed factories, since the embedded database lives inside
 * the server process. Registered only when ENABLE_TEST_SEED=true and never in production.
 */
export function testSeedRoutes(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.testSeed) return;
  batchStatementRoute(app, ctx);
  app.post('/api/dev/seed', async (request, reply) => {
    const input = parseInput(seedSchema, request.body);
    const user = await createUser(ctx.db, input.user);
    const seeded = [];
    for (const {
      mobilizations,
      formEntries,
      paidDonations,
      contentPage,
      pressurePage,
      donationPage,
      botSubscribers,
      botCampaign,
      actionMix,
      timeZone,
      role,
      ...c
    } of input.communities) {
      const community = await createCommunity(
        ctx.db,
        role === 1 ? { ...c, ownerId: user.id } : { ...c, members: [{ userId: user.id, role }] },
      );
      if (timeZone) await ctx.db.update(communities).set({ timeZone }).where(eq(communities.id, community.id));
      if (mobilizations) await createManyMobilizations(ctx.db, community.id, user.id, mobilizations);
      const form =
        formEntries === undefined ? undefined : await createFormPage(ctx.db, community.id, formEntries, paidDonations);
      const content = contentPage ? await createContentPage(ctx.db, community.id) : undefined;
      const pressure = pressurePage ? await createPressurePage(ctx.db, community.id) : undefined;
      const donation = donationPage
        ? await createDonationPage(ctx.db, community.id, donationPage === true ? {} : donationPage)
        : undefined;
      const bot =
        botSubscribers === undefined ? undefined : await createBotSubscribers(ctx.db, community.id, botSubscribers);
      if (bot && botCampaign) await createSentBotCampaign(ctx.db, community.id, bot, botCampaign);
      const mix = actionMix
        ? await createActionMix(ctx.db, community.id, actionMix === true ? undefined : actionMix)
        : undefined;
      seeded.push({ ...community, form, content, pressure, donation, bot, mix });
    }
    if (input.globalTemplates) await seedGlobalTemplates(ctx.db);
    return reply.status(201).send({
      user: { id: user.id, email: user.email },
      communities: seeded.map((c) => ({
        id: c.id,
        name: c.name,
        ...(c.form && { form: c.form }),
        ...(c.content && { content_page: c.content }),
        ...(c.pressure && { pressure_page: c.pressure }),
        ...(c.donation && { donation_page: c.donation }),
        ...(c.bot && { facebook_bot_configuration_id: c.bot }),
        ...(c.mix && { action_mix: c.mix }),
      })),
    });
  });
}
