import AxeBuilder from '@axe-core/playwright';
import { translate } from '@mutirao/core';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Fails with the list of WCAG 2 A/AA violations axe finds on the current screen. */
export async function expectAccessible(page: Page, screen: string) {
  // Popovers and modals fade in; axe measures contrast on what is painted, so a half-faded button would fail.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Legacy mode runs axe in the page itself. The default opens a blank page for every check to merge the frames'
  // results, which only cross-origin frames need: ours are same-origin, and a third-party embed is not ours to audit.
  // It halved axe's time (44 checks: 101 s to 50 s, three journeys on 2 cores, 2026-11-28) with the same findings.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} [${n.any[0]?.message ?? n.failureSummary ?? ''}]`).join(', ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

let counter = 0;
/** A unique e-mail per journey, so parallel workers never collide. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.org`;
}

type SeededPage = { mobilization_id: number; widget_id: number; slug: string };

export interface SeededUser {
  id: number;
  email: string;
  password: string;
  communities: {
    id: number;
    name: string;
    form?: SeededPage;
    pressure_page?: SeededPage & { targets: number };
    action_mix?: {
      mobilization_id: number;
      slug: string;
      widgets: Record<'form' | 'pressure' | 'phone' | 'donation', number>;
      people: Record<'ana' | 'davi' | 'elis' | 'gal', number>;
    };
  }[];
}

/**
 * Builds data through the server's test-only seed route, which calls the same factories as the demo seed
 * and the API tests.
 */
export interface SeededCommunity {
  name: string;
  city?: string;
  /** The seeded user's role in it: 1 (admin, the default) or 2 (mobilizer). */
  role?: 1 | 2;
  /** How many plain mobilizations to add. */
  mobilizations?: number;
  /** Adds a page with the demo sign-up form and this many entries spread over the last 30 days. */
  formEntries?: number;
  /** Paid donations (integer cents) on that page, made now. */
  paidDonations?: number[];
  /** Adds a published page with an e-mail pressure on three targets. */
  pressurePage?: boolean;
  /** Adds a recipient and a published page with a donation widget (`donor.ts`'s `seedDonationPage`). */
  donationPage?: boolean | { goal?: number; offer?: boolean; countText?: string };
  /** A bot configuration and Messenger subscribers for this many of its activists (after the form entries). */
  botSubscribers?: number;
  /** With botSubscribers: a campaign of this name already sent to them (the last one failed). */
  botCampaign?: string;
  /** Issue 31's mix of actions on a page of every action kind, the latest at this instant (true: 2026-11-28T01:30Z). */
  actionMix?: true | string;
  /** The community's time zone (core's `TIME_ZONES`). */
  timeZone?: string;
}

export async function seedUser(
  request: APIRequestContext,
  attrs: { firstName?: string; communities?: SeededCommunity[] } = {},
): Promise<SeededUser> {
  const email = uniqueEmail(attrs.firstName?.toLowerCase() ?? 'user');
  const password = 'journey-password';
  const res = await request.post('/api/dev/seed', {
    data: { user: { email, password, firstName: attrs.firstName ?? 'Marina' }, communities: attrs.communities ?? [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { user: { id: number }; communities: SeededUser['communities'] };
  return { id: body.user.id, email, password, communities: body.communities };
}

export const test = base;

/** Signs in through the login screen and, when given, enters that community from the list. */
export async function signInAs(page: Page, user: SeededUser, community?: string) {
  await page.goto('/login');
  await page.getByLabel(translate('pt-BR', 'auth.email')).fill(user.email);
  await page.getByLabel(translate('pt-BR', 'auth.password')).fill(user.password);
  await page.getByRole('button', { name: translate('pt-BR', 'auth.submitLogin'), exact: true }).click();
  if (community) {
    await page.getByRole('button', { name: translate('pt-BR', 'communities.choose', { name: community }) }).click();
    await expect(page).toHaveURL(/\/mobilizations$/);
  }
}

/**
 * Creates a mobilization through the API as the signed-in organiser, with the first subtheme by label and a slug
 * unique to this run; the journeys that build a page from scratch start here.
 */
export async function createMobilizationThroughApi(
  page: Page,
  communityId: number,
  attrs: { name: string; goal: string; slugPrefix: string },
) {
  const res = await page.request.post('/v1/graphql', {
    data: { query: '{ subthemes(order_by: {label: asc}) { id } }' },
  });
  const subthemeId = ((await res.json()) as { data: { subthemes: { id: number }[] } }).data.subthemes[0]?.id;
  const slug = `${attrs.slugPrefix}-${Date.now().toString(36)}-${process.pid}`;
  const created = await page.request.post('/api/mobilizations', {
    data: {
      mobilization: { name: attrs.name, slug, goal: attrs.goal, community_id: communityId, subthemes: [subthemeId] },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { ...((await created.json()) as { id: number }), slug };
}

/**
 * An organiser with one community of their own, signed in through the screens and inside that community, and a new
 * empty mobilization made through the API.
 */
export async function organiserWithPage(
  page: Page,
  request: APIRequestContext,
  attrs: {
    firstName: string;
    community: { name: string; city: string };
    page: Parameters<typeof createMobilizationThroughApi>[2];
  },
) {
  const user = await seedUser(request, { firstName: attrs.firstName, communities: [attrs.community] });
  const community = user.communities[0];
  if (!community) throw new Error('seed made no community');
  await signInAs(page, user, community.name);
  const mobilization = await createMobilizationThroughApi(page, community.id, attrs.page);
  return { user, community, mobilization };
}

/** A small real PNG (16×16, magenta), as a browser would upload it. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mN4xzCTJMQwqmFUw/DVAAAzKYcQ3O9FzwAAAABJRU5ErkJggg==',
  'base64',
);
