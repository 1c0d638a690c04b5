import { parseFormFields, ROLES, slugify } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import {
  activistPressures,
  activists,
  blocks,
  communities,
  communityUsers,
  donations,
  formEntries,
  type MobilizationStatus,
  mobilizations,
  mobilizationsSubthemes,
  type PaymentMethod,
  type SubscriptionStatus,
  subscriptions,
  type TwilioCallStatus,
  templateBlocks,
  templateMobilizations,
  templateWidgets,
  twilioCalls,
  users,
  type Widget,
  type WidgetKind,
  widgets,
} from '../db/schema';
import { answerer, person, seededRandom } from './people';

/**
 * The one set of builders: the demo seed, the API tests and the browser tests all make data with these.
 */
export async function createUser(
  db: Db,
  attrs: { email: string; password?: string; firstName?: string; lastName?: string; isAdmin?: boolean },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: attrs.email.toLowerCase(),
      firstName: attrs.firstName ?? attrs.email.split('@')[0] ?? 'Organiser',
      lastName: attrs.lastName ?? null,
      passwordHash: await hashPassword(attrs.password ?? 'password123'),
      isAdmin: attrs.isAdmin ?? false,
    })
    .returning();
  if (!user) throw new Error('createUser failed');
  return user;
}

export async function createCommunity(
  db: Db,
  attrs: {
    name: string;
    city?: string;
    description?: string;
    ownerId?: number;
    members?: { userId: number; role: number }[];
  },
) {
  const [community] = await db
    .insert(communities)
    .values({ name: attrs.name, city: attrs.city ?? 'Recife', description: attrs.description ?? null })
    .returning();
  if (!community) throw new Error('createCommunity failed');
  const members = [...(attrs.ownerId ? [{ userId: attrs.ownerId, role: ROLES.admin }] : []), ...(attrs.members ?? [])];
  if (members.length) {
    await db
      .insert(communityUsers)
      .values(members.map((m) => ({ communityId: community.id, userId: m.userId, role: m.role })));
  }
  return community;
}

export { seedThemes } from './themes';

/** A widget as the seed and tests describe it; sizes default to the full 12 columns. */
export interface WidgetSeed {
  kind: WidgetKind;
  smSize?: number;
  mdSize?: number;
  lgSize?: number;
  settings?: Record<string, unknown>;
  goal?: number | null;
}

export interface BlockSeed {
  name?: string | null;
  bgClass?: string | null;
  bgImage?: string | null;
  hidden?: boolean;
  menuHidden?: boolean;
  widgets?: WidgetSeed[];
}

function widgetValues(w: WidgetSeed) {
  return {
    kind: w.kind,
    smSize: w.smSize ?? 12,
    mdSize: w.mdSize ?? 12,
    lgSize: w.lgSize ?? 12,
    settings: w.settings ?? {},
    goal: w.goal ?? null,
  };
}

function blockValues(b: BlockSeed, position: number) {
  return {
    name: b.name ?? null,
    position,
    hidden: b.hidden ?? false,
    menuHidden: b.menuHidden ?? false,
    bgClass: b.bgClass ?? null,
    bgImage: b.bgImage ?? null,
  };
}

/** Adds blocks (positions 1, 2, … after `after`) with their widgets to a mobilization; returns the widgets. */
export async function createBlocks(db: Db, mobilizationId: number, seeds: BlockSeed[], after = 0) {
  const created: Widget[] = [];
  for (const [index, seed] of seeds.entries()) {
    const [block] = await db
      .insert(blocks)
      .values({ ...blockValues(seed, after + index + 1), mobilizationId })
      .returning();
    if (!block) throw new Error('createBlocks failed');
    if (seed.widgets?.length)
      created.push(
        ...(await db
          .insert(widgets)
          .values(seed.widgets.map((w) => ({ ...widgetValues(w), blockId: block.id })))
          .returning()),
      );
  }
  return created;
}

/** A mobilization straight in the database (no API rules); the slug defaults to the slugified name. */
export async function createMobilization(
  db: Db,
  attrs: {
    communityId: number;
    name: string;
    goal?: string;
    slug?: string;
    status?: MobilizationStatus;
    language?: string;
    userId?: number | null;
    themeId?: number | null;
    subthemeIds?: number[];
    customDomain?: string | null;
    headerFont?: string | null;
    bodyFont?: string | null;
    colorScheme?: string | null;
    facebookShareTitle?: string | null;
    facebookShareDescription?: string | null;
    facebookShareImage?: string | null;
    twitterShareText?: string | null;
    templateMobilizationId?: number | null;
    createdAt?: Date;
    updatedAt?: Date;
    blocks?: BlockSeed[];
  },
) {
  const [mobilization] = await db
    .insert(mobilizations)
    .values({
      communityId: attrs.communityId,
      name: attrs.name,
      goal: attrs.goal ?? `Objetivo de ${attrs.name}`,
      slug: attrs.slug ?? (slugify(attrs.name) || 'mobilizacao'),
      status: attrs.status ?? 'active',
      language: attrs.language ?? 'pt-BR',
      userId: attrs.userId ?? null,
      themeId: attrs.themeId ?? null,
      customDomain: attrs.customDomain ?? null,
      headerFont: attrs.headerFont ?? null,
      bodyFont: attrs.bodyFont ?? null,
      colorScheme: attrs.colorScheme ?? null,
      facebookShareTitle: attrs.facebookShareTitle ?? null,
      facebookShareDescription: attrs.facebookShareDescription ?? null,
      facebookShareImage: attrs.facebookShareImage ?? null,
      twitterShareText: attrs.twitterShareText ?? null,
      templateMobilizationId: attrs.templateMobilizationId ?? null,
      ...(attrs.createdAt ? { createdAt: attrs.createdAt } : {}),
      ...(attrs.updatedAt ? { updatedAt: attrs.updatedAt } : {}),
    })
    .returning();
  if (!mobilization) throw new Error('createMobilization failed');
  if (attrs.subthemeIds?.length)
    await db
      .insert(mobilizationsSubthemes)
      .values(attrs.subthemeIds.map((subthemeId) => ({ mobilizationId: mobilization.id, subthemeId })));
  const created = attrs.blocks ? await createBlocks(db, mobilization.id, attrs.blocks) : [];
  return Object.assign(mobilization, { widgets: created });
}

/** A template with its blocks and widgets. Global templates belong to no community. */
export async function createTemplate(
  db: Db,
  attrs: {
    name: string;
    goal?: string | null;
    global?: boolean;
    communityId?: number | null;
    userId?: number | null;
    colorScheme?: string | null;
    headerFont?: string | null;
    bodyFont?: string | null;
    facebookShareTitle?: string | null;
    facebookShareDescription?: string | null;
    twitterShareText?: string | null;
    usesNumber?: number;
    blocks?: BlockSeed[];
  },
) {
  const [template] = await db
    .insert(templateMobilizations)
    .values({
      name: attrs.name,
      goal: attrs.goal ?? null,
      global: attrs.global ?? false,
      communityId: attrs.global ? null : (attrs.communityId ?? null),
      userId: attrs.userId ?? null,
      colorScheme: attrs.colorScheme ?? null,
      headerFont: attrs.headerFont ?? null,
      bodyFont: attrs.bodyFont ?? null,
      facebookShareTitle: attrs.facebookShareTitle ?? null,
      facebookShareDescription: attrs.facebookShareDescription ?? null,
      twitterShareText: attrs.twitterShareText ?? null,
      usesNumber: attrs.usesNumber ?? 0,
    })
    .returning();
  if (!template) throw new Error('createTemplate failed');
  for (const [index, seed] of (attrs.blocks ?? []).entries()) {
    const [block] = await db
      .insert(templateBlocks)
      .values({ ...blockValues(seed, index + 1), templateMobilizationId: template.id })
      .returning();
    if (block && seed.widgets?.length)
      await db
        .insert(templateWidgets)
        .values(seed.widgets.map((w) => ({ ...widgetValues(w), templateBlockId: block.id })));
  }
  return template;
}

/** A supporter of a community (the person behind form entries, pressures and donations). */
export async function createActivist(
  db: Db,
  attrs: { communityId: number; email: string; name?: string; phone?: string },
) {
  const [activist] = await db
    .insert(activists)
    .values({
      communityId: attrs.communityId,
      email: attrs.email,
      name: attrs.name ?? attrs.email.split('@')[0],
      phone: attrs.phone ?? null,
    })
    .returning();
  if (!activist) throw new Error('createActivist failed');
  return activist;
}

/** An e-mail pressure sent through a pressure widget. */
export async function createPressure(
  db: Db,
  attrs: { widgetId: number; mobilizationId: number; activistId?: number | null; createdAt?: Date },
) {
  const [pressure] = await db
    .insert(activistPressures)
    .values({
      widgetId: attrs.widgetId,
      mobilizationId: attrs.mobilizationId,
      activistId: attrs.activistId ?? null,
      mail: { subject: 'Pressão', body: 'Atenda o pedido.' },
      ...(attrs.createdAt && { createdAt: attrs.createdAt }),
    })
    .returning();
  if (!pressure) throw new Error('createPressure failed');
  return pressure;
}

/** The donor as a checkout gives it (`DonationCustomer`'s shape), stored on donations and subscriptions. */
export type CustomerSeed = Record<string, unknown>;

/** One donation charge, by card and paid unless told otherwise; `amount` in integer cents. */
export async function createDonation(
  db: Db,
  attrs: {
    communityId: number;
    amount: number;
    status?: string;
    paymentMethod?: PaymentMethod;
    widgetId?: number | null;
    mobilizationId?: number | null;
    activistId?: number | null;
    transactionId?: string;
    customer?: CustomerSeed | null;
    subscriptionId?: number | null;
    period?: number | null;
    gatewayData?: Record<string, unknown> | null;
    createdAt?: Date;
  },
) {
  const [donation] = await db
    .insert(donations)
    .values({
      communityId: attrs.communityId,
      amount: attrs.amount,
      status: attrs.status ?? 'paid',
      paymentMethod: attrs.paymentMethod ?? 'credit_card',
      widgetId: attrs.widgetId ?? null,
      mobilizationId: attrs.mobilizationId ?? null,
      activistId: attrs.activistId ?? null,
      transactionId: attrs.transactionId ?? null,
      customer: attrs.customer ?? null,
      subscriptionId: attrs.subscriptionId ?? null,
      period: attrs.period ?? null,
      gatewayData: attrs.gatewayData ?? null,
      ...(attrs.createdAt && { createdAt: attrs.createdAt }),
    })
    .returning();
  if (!donation) throw new Error('createDonation failed');
  return donation;
}

/** A recurring donation, monthly and active unless told otherwise; `amount` in integer cents. */
export async function createSubscription(
  db: Db,
  attrs: {
    communityId: number;
    amount: number;
    status?: SubscriptionStatus;
    period?: number;
    widgetId?: number | null;
    mobilizationId?: number | null;
    activistId?: number | null;
    customer?: CustomerSeed | null;
    /** Next charge, 'YYYY-MM-DD'. */
    processAt?: string | null;
    /** The provider's card id, brand and last digits. */
    cardData?: Record<string, string> | null;
    canceledAt?: Date | null;
    createdAt?: Date;
  },
) {
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      communityId: attrs.communityId,
      amount: attrs.amount,
      status: attrs.status ?? 'active',
      period: attrs.period ?? 30,
      widgetId: attrs.widgetId ?? null,
      mobilizationId: attrs.mobilizationId ?? null,
      activistId: attrs.activistId ?? null,
      customer: attrs.customer ?? null,
      processAt: attrs.processAt ?? null,
      cardData: attrs.cardData ?? null,
      canceledAt: attrs.canceledAt ?? null,
      ...(attrs.createdAt && { createdAt: attrs.createdAt }),
    })
    .returning();
  if (!subscription) throw new Error('createSubscription failed');
  return subscription;
}

/**
 * A phone-pressure call from an activist to a target, through a pressure-phone widget: completed (a phone pressure)
 * unless told otherwise.
 */
export async function createPhoneCall(
  db: Db,
  attrs: {
    communityId: number;
    widgetId: number;
    activistId?: number | null;
    status?: TwilioCallStatus;
    from?: string;
    to?: string;
    createdAt?: Date;
  },
) {
  const [call] = await db
    .insert(twilioCalls)
    .values({
      communityId: attrs.communityId,
      widgetId: attrs.widgetId,
      activistId: attrs.activistId ?? null,
      from: attrs.from ?? '+5581911110000',
      to: attrs.to ?? '+5581999990000',
      status: attrs.status ?? 'completed',
      ...(attrs.createdAt && { createdAt: attrs.createdAt }),
    })
    .returning();
  if (!call) throw new Error('createPhoneCall failed');
  return call;
}

/**
 * Form entries of realistic made-up people (see `people.ts`) for a form widget, each with its activist: the demo
 * page's few hundred sign-ups and the benchmark's 200,000. Entry times are spread evenly over the last `days` days,
 * oldest first. `tag` keeps e-mails distinct when one community gets several runs. Each batch of 2,000 is one
 * statement with one JSON parameter, which PGlite and PostgreSQL take far faster than 2,000 rows of parameters.
 */
export async function createFormEntries(
  db: Db,
  attrs: {
    communityId: number;
    mobilizationId: number;
    widget: { id: number; settings: Record<string, unknown> };
    count: number;
    days?: number;
    seed?: number;
    tag?: string;
  },
) {
  const answers = answerer(parseFormFields(attrs.widget.settings.fields));
  const random = seededRandom(attrs.seed ?? attrs.widget.id);
  const now = Date.now();
  const span = (attrs.days ?? 30) * 86_400_000;
  for (let start = 0; start < attrs.count; start += 2000) {
    const batch = [];
    for (let i = start; i < Math.min(attrs.count, start + 2000); i++) {
      const who = person(i + 1, random, attrs.tag);
      const at = new Date(now - span + Math.floor((span * i) / Math.max(1, attrs.count))).toISOString();
      batch.push({ n: i, ...who, at, fields: answers(who, random) });
    }
    await db.execute(sql`
      with people as (
        insert into ${activists} (community_id, email, name, first_name, last_name, phone, city, actions_count,
          last_action_at, created_at, updated_at)
        select ${attrs.communityId}, x.email, x.name, x."firstName", x."lastName", x.phone, x.city, 1, x.at, x.at, x.at
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(email text, name text, "firstName" text,
          "lastName" text, phone text, city text, at timestamptz)
        returning id, email
      )
      insert into ${formEntries} (widget_id, mobilization_id, activist_id, fields, created_at)
      select ${attrs.widget.id}, ${attrs.mobilizationId}, people.id, x.fields, x.at
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(n int, email text, fields jsonb, at timestamptz)
      join people on people.email = x.email
      order by x.n`);
  }
}
