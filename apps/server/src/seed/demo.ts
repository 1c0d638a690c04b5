import { ROLES, serializeFormFields, type WidgetKind } from '@mutirao/core';
import { count, sql } from 'drizzle-orm';
import { recountActions } from '../activists/people';
import type { Db } from '../db/client';
import { facebookBotConfigurations, formEntries, users } from '../db/schema';
import type { StorageDriver } from '../uploads/storage';
import { SERVER_WIDGET_KINDS, type ServerWidgetKind } from '../widgets/kinds';
import { seedDemoGiving } from './demoDonations';
import { DEMO_SIGN_UPS, SIGN_UP_FIELDS } from './demoForm';
import { type DemoImages, demoPageBlocks, storeDemoImages } from './demoPage';
import {
  type BlockSeed,
  createActivist,
  createCommunity,
  createDonation,
  createFormEntries,
  createMobilization,
  createUser,
} from './factories';
import { DONATION_BLOCKS, EVENT_BLOCKS, PETITION_BLOCKS, PRESSURE_BLOCKS, seedGlobalTemplates } from './templates';
import { seedThemes, subthemesByLabel } from './themes';

export const DEMO_ORGANISER = {
  email: 'demo@mutirao.org',
  password: 'mutirao-demo',
  firstName: 'Ana',
  lastName: 'Souza',
};

/**
 * Seeds the demo data once: only into a database that has no users yet. Returns whether it did.
 * Themes are reference data and are completed on every call.
 */
export async function seedDemoIfEmpty(db: Db, storage?: StorageDriver): Promise<boolean> {
  await seedThemes(db);
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return false;
  // Each password hash takes a thread a few hundred milliseconds: both at once.
  const [organiser, colleague] = await Promise.all([
    createUser(db, DEMO_ORGANISER),
    createUser(db, { email: 'joao@mutirao.org', password: 'mutirao-demo', firstName: 'João', lastName: 'Lima' }),
  ]);
  const bemViver = await createCommunity(db, {
    name: 'Coletivo Bem Viver',
    city: 'Recife',
    description: 'Mobilizações por moradia, transporte e clima na Região Metropolitana do Recife.',
    ownerId: organiser.id,
    members: [{ userId: colleague.id, role: ROLES.mobilizer }],
  });
  await createCommunity(db, {
    name: 'Rede Ciclovias Já',
    city: 'Porto Alegre',
    description: 'Ciclistas e pedestres por uma cidade que cabe todo mundo.',
    ownerId: organiser.id,
  });
  await seedGlobalTemplates(db);
  const { images, copies } = storage ? await storeDemoImages(db, storage) : { images: {}, copies: undefined };
  await seedDemoMobilizations(db, bemViver.id, organiser.id, images);
  // The supporters' entries and gifts are written beside the action upsert: count them, as the metrics do.
  await recountActions(db, bemViver.id);
  await seedDemoBot(db, bemViver.id);
  await copies;
  return true;
}

interface DemoMobilization {
  name: string;
  goal: string;
  slug: string;
  subthemes: string[];
  blocks: BlockSeed[];
  share?: boolean;
  status?: 'archived';
  supporters: number;
  paidDonations?: number[];
}

const demoMobilizations = (images: DemoImages): DemoMobilization[] => [
  {
    name: 'Moradia digna no centro do Recife',
    goal: 'Exigir que os imóveis públicos vazios do centro virem moradia popular.',
    slug: 'moradia-digna-recife',
    subthemes: ['Moradia', 'Espaços públicos'],
    // The published campaign page: rich content, images, a hidden block and one left out of the menu.
    blocks: demoPageBlocks(images, PETITION_BLOCKS[1] as BlockSeed),
    share: true,
    supporters: 12,
  },
  {
    name: 'Tarifa zero no transporte',
    goal: 'Pressionar a Câmara a aprovar a tarifa zero nos ônibus aos domingos.',
    slug: 'tarifa-zero-recife',
    subthemes: ['Mobilidade urbana'],
    blocks: PRESSURE_BLOCKS,
    supporters: 0,
  },
  {
    name: 'Fundo solidário para as chuvas',
    goal: 'Arrecadar recursos para famílias atingidas pelas chuvas na Zona Norte.',
    slug: 'fundo-solidario-chuvas',
    subthemes: ['Mudanças climáticas', 'Moradia'],
    blocks: DONATION_BLOCKS,
    supporters: 4,
    paidDonations: [5_000, 10_000, 2_000, 150_050],
  },
  {
    name: 'Carnaval sem assédio',
    goal: 'Levar a campanha Não é Não aos blocos de rua.',
    slug: 'carnaval-sem-assedio',
    subthemes: ['Direitos das mulheres'],
    blocks: EVENT_BLOCKS,
    status: 'archived',
    supporters: 3,
  },
];

/** The blocks widget kinds ask to show on a demo page (`SERVER_WIDGET_KINDS[kind].demo`). */
function kindDemoBlocks(slug: string): BlockSeed[] {
  return Object.entries<ServerWidgetKind>(SERVER_WIDGET_KINDS).flatMap(([kind, module]) =>
    module.demo?.page === slug
      ? [{ name: module.demo.block, widgets: [{ kind: kind as WidgetKind, settings: module.demo.settings }] }]
      : [],
  );
}

/** A few mobilizations with real-looking pages and some activity, so the list shows counts and amounts. */
async function seedDemoMobilizations(db: Db, communityId: number, userId: number, images: DemoImages) {
  const signUpFields = serializeFormFields(SIGN_UP_FIELDS);
  let person = 0;
  for (const demo of demoMobilizations(images)) {
    const chosen = await subthemesByLabel(db, demo.subthemes);
    const mobilization = await createMobilization(db, {
      communityId,
      userId,
      name: demo.name,
      goal: demo.goal,
      slug: demo.slug,
      status: demo.status ?? 'active',
      themeId: chosen[0]?.themeId ?? null,
      subthemeIds: chosen.map((s) => s.id),
      headerFont: 'Oswald',
      bodyFont: 'Open Sans',
      colorScheme: 'meurio-scheme',
      blocks: [...demo.blocks, ...kindDemoBlocks(demo.slug)],
      ...(demo.share && {
        facebookShareTitle: 'Moradia digna no centro do Recife',
        facebookShareDescription: 'Imóveis públicos vazios precisam virar moradia popular. Assine!',
        facebookShareImage: images.hero ?? null,
        twitterShareText: 'Imóvel público vazio tem que virar moradia. Assine:',
      }),
    });
    const form = mobilization.widgets.find((w) => w.kind === 'form' && w.settings.fields !== signUpFields);
    const signUp = mobilization.widgets.find((w) => w.kind === 'form' && w.settings.fields === signUpFields);
    if (signUp)
      await createFormEntries(db, {
        communityId,
        mobilizationId: mobilization.id,
        widget: signUp,
        count: DEMO_SIGN_UPS,
      });
    const donation = mobilization.widgets.find((w) => w.kind === 'donation');
    if (donation && demo.paidDonations)
      await seedDemoGiving(db, { communityId, mobilizationId: mobilization.id, widgetId: donation.id });
    for (let i = 0; i < demo.supporters; i++) {
      person += 1;
      const activist = await createActivist(db, { communityId, email: `apoiadora${person}@example.org` });
      if (form)
        await db.insert(formEntries).values({
          widgetId: form.id,
          mobilizationId: mobilization.id,
          activistId: activist.id,
          fields: [{ uid: 'field-email', kind: 'email', label: 'E-mail', value: activist.email }],
        });
      const amount = demo.paidDonations?.[i];
      if (donation && amount)
        await createDonation(db, {
          widgetId: donation.id,
          mobilizationId: mobilization.id,
          activistId: activist.id,
          communityId,
          amount,
          transactionId: `demo-${mobilization.id}-${i}`,
        });
    }
  }
}

/** How many of the demo community's people talk to its bot. */
export const DEMO_BOT_SUBSCRIBERS = 36;

/**
 * The demo community's chat bot (configuration 1, spec 01 §9) and a few dozen Messenger subscribers linked to its
 * people, so the mass-message wizard has an audience on the sandbox driver. The page's secrets are placeholders that
 * no key opens: the sandbox needs none, and the Messenger driver refuses to send with them.
 */
async function seedDemoBot(db: Db, communityId: number) {
  const [configuration] = await db
    .insert(facebookBotConfigurations)
    .values({
      communityId,
      messengerAppSecret: 'demo',
      messengerValidationToken: 'demo',
      messengerPageAccessToken: 'demo',
    })
    .returning();
  if (!configuration) return;
  await db.execute(sql`
    insert into facebook_bot_activists (facebook_bot_configuration_id, community_id, activist_id,
      fb_context_recipient_id, fb_context_sender_id, first_name, last_name, gender, profile_pic, last_interaction_at)
    select ${configuration.id}, a.community_id, a.id, 'demo-psid-' || a.id, 'demo-page', a.first_name, a.last_name,
      a.gender, null, now() - (a.id % 30) * interval '1 day'
    from activists a where a.community_id = ${communityId} and a.first_name is not null
    order by a.id limit ${DEMO_BOT_SUBSCRIBERS}`);
}
