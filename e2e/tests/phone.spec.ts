import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, type SeededUser, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/**
 * Every label of a control is shown whole, and nothing is wider than the phone: for each button, link, tab, badge
 * and step label whose text does not wrap, the text's own width (measured on a copy) fits the box the layout gave
 * it; and the page does not scroll sideways. Tables scroll inside their own frame, which is allowed.
 */
async function expectNothingClipped(page: Page, screen: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const problems = await page.evaluate(async () => {
    await document.fonts.ready;
    const found: string[] = [];
    const naturalWidth = (el: Element) => {
      const copy = document.createElement('span');
      copy.textContent = el.textContent;
      copy.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
      el.appendChild(copy);
      const width = copy.getBoundingClientRect().width;
      copy.remove();
      return width;
    };
    const selector =
      'button, a, [role="tab"], .mantine-Button-label, .mantine-Badge-label, .mantine-NavLink-label, .mantine-Stepper-stepLabel';
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect();
      const text = el.textContent?.trim() ?? '';
      if (!box.width || !box.height || !text || el.children.length > 0) continue;
      if (getComputedStyle(el).whiteSpace !== 'nowrap') continue;
      // A truncated name with its full text in a title or an accessible name is a choice, not a clipped label.
      if (getComputedStyle(el).textOverflow === 'ellipsis' && el.closest('[title], [aria-label]')) continue;
      const width = getComputedStyle(el).display === 'inline' ? box.width : (el as HTMLElement).clientWidth;
      if (naturalWidth(el) > width + 0.5) found.push(`'${text}' is cut (${naturalWidth(el).toFixed(1)} > ${width})`);
    }
    const page = document.documentElement.scrollWidth;
    if (page > window.innerWidth) found.push(`the page is ${page} px wide`);
    return found;
  });
  expect(problems, `clipped or overflowing at 390 px: ${screen}`).toEqual([]);
}

/** Looks at a screen at 390 px: labels whole, no sideways scroll, axe, and a screenshot to look at. */
async function check(page: Page, screen: string) {
  await expectNothingClipped(page, screen);
  await expectAccessible(page, `${screen} at 390 px`);
  await page.screenshot({ path: test.info().outputPath(`${screen.replace(/\W+/g, '-')}.png`), fullPage: true });
}

async function organiser(request: Parameters<typeof seedUser>[0]): Promise<SeededUser> {
  return seedUser(request, {
    firstName: 'Celular',
    communities: [
      { name: 'Coletivo Bem Viver do Recife', city: 'Recife', mobilizations: 2, formEntries: 6, botSubscribers: 3 },
      { name: 'Rede Ciclovias Já', city: 'Porto Alegre' },
    ],
  });
}

test('signing in, registering and choosing a community fit a 390 px phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await check(page, 'login');
  await page.goto('/register');
  await check(page, 'register');
  const user = await organiser(request);
  await signInAs(page, user);
  await expect(
    page.getByRole('button', { name: t('communities.choose', { name: 'Rede Ciclovias Já' }) }),
  ).toBeVisible();
  await check(page, 'community chooser');
  await page.goto('/communities/new');
  await check(page, 'new community');
});

test('the mobilization screens fit a 390 px phone', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await organiser(request);
  const community = user.communities[0];
  const id = community?.form?.mobilization_id;
  if (!community || !id) throw new Error('seed made no form page');
  await signInAs(page, user, community.name);
  const screens: [string, string, string?][] = [
    ['mobilization list', '/mobilizations', t('mobilizations.new')],
    ['archived mobilizations', '/mobilizations?status=archived'],
    ['templates list', '/mobilizations/templates/list'],
    ['new mobilization', '/mobilizations/new'],
    ['template choice', `/mobilizations/${id}/templates/choose`],
    ['global templates', `/mobilizations/${id}/templates/choose/global`],
    ['editor', `/mobilizations/${id}/edit`],
    ['block creation', `/mobilizations/${id}/blocks/create`],
    ['settings basics', `/mobilizations/${id}/settings/basics`],
    ['settings sharing', `/mobilizations/${id}/settings/sharing`],
    ['settings analytics', `/mobilizations/${id}/settings/analytics`],
    ['settings design', `/mobilizations/${id}/settings/design`],
    ['settings metrics', `/mobilizations/${id}/settings/metrics`],
    ['settings domain', `/mobilizations/${id}/settings/customDomain`],
    ['template creation', `/mobilizations/${id}/templates/create`],
  ];
  for (const [screen, path, button] of screens) {
    await page.goto(path);
    // The editor's page has an h1 of its own (the public page's), after the screen's.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (button) await expect(page.getByRole('link', { name: button })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(page, screen);
  }

  // The launch wizard with a domain of the community: its domain step, its share step and the launch.
  const zone = `celular-${Date.now().toString(36)}${process.pid}.org`;
  await page.request.post(`/api/communities/${community.id}/dns_hosted_zones`, {
    data: { dns_hosted_zone: { domain_name: zone } },
  });
  await page.goto(`/mobilizations/${id}/launch`);
  await expect(page.getByRole('combobox', { name: t('domains.customDomainLabel') })).toBeVisible();
  await check(page, 'launch wizard domain');
  await page.getByRole('combobox', { name: t('domains.customDomainLabel') }).fill(`acao.${zone}`);
  await page.getByRole('button', { name: t('app.continue') }).click();
  await expect(page.getByLabel(t('mobilizationSettings.shareTitle'))).not.toHaveValue('');
  await check(page, 'launch wizard share');
  await page.getByRole('button', { name: t('launch.launch') }).click();
  await expect(page.getByRole('heading', { name: t('launch.endTitle') })).toBeVisible();
  await check(page, 'launch end');
  await page.getByRole('button', { name: t('launch.launch') }).click();
  await expect(page.getByRole('heading', { name: t('launch.launchedTitle') })).toBeFocused();
  await check(page, 'launched and share');
});

test('the community, people, message and account screens fit a 390 px phone', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await organiser(request);
  const community = user.communities[0];
  if (!community) throw new Error('seed made no community');
  await signInAs(page, user, community.name);
  const screens: [string, string][] = [
    ['community info', '/community/info'],
    ['mobilizers', '/community/mobilizers'],
    ['mailchimp', '/community/mailchimp'],
    ['twilio', '/community/twilio'],
    ['recipient', '/community/recipient'],
    ['community metrics', '/community/metrics'],
    ['domains', '/community/domain'],
    ['domain wizard', '/community/domain/add'],
    ['reports', '/community/report'],
    ['activists', '/activists'],
    ['account', '/account/edit'],
  ];
  for (const [screen, path] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(page, screen);
  }
  // The people list fits the phone without scrolling sideways: each person's e-mail sits under the name. The filters
  // fold behind 'Mais filtros' (the search stays), so the first people show on the first screen.
  await page.goto('/activists');
  const people = page.getByRole('table', { name: t('activists.title') });
  await expect(people.getByRole('row').nth(1)).toBeInViewport();
  const more = page.getByRole('button', { name: t('activists.moreFilters'), exact: true });
  await expect(page.getByRole('checkbox', { name: t('actions.kinds.donation') })).toHaveCount(0);
  await more.click();
  await expect(page.getByRole('button', { name: t('activists.fewerFilters') })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByRole('checkbox', { name: t('actions.kinds.donation') }).check();
  await page.getByRole('button', { name: t('activists.apply') }).click();
  await page.getByRole('button', { name: t('activists.fewerFilters') }).click();
  await expect(page.getByRole('button', { name: t('activists.moreFiltersInUse', { count: 1 }) })).toBeVisible();
  await check(page, 'activists with filters folded');
  await page.getByRole('button', { name: t('activists.clear') }).click();
  await expect(page.getByRole('button', { name: t('activists.moreFilters'), exact: true })).toBeVisible();
  const email = people.getByRole('row').nth(1).getByText(/@/);
  await email.scrollIntoViewIfNeeded();
  await expect(email).toBeInViewport({ ratio: 1 });
  expect(await people.evaluate((table) => table.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width);
  await people.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/activists\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'activist profile');

  // The mass-message wizard: who receives, the message, and the confirmation.
  await page.goto('/bot');
  await expect(page.getByText(t('massMessages.showing', { shown: 3, total: 3 }))).toBeVisible();
  await check(page, 'mass messages, audience');
  await page.getByRole('button', { name: t('massMessages.next') }).click();
  await page.getByRole('textbox', { name: t('massMessages.name') }).fill('Convite');
  await page.getByRole('textbox', { name: t('massMessages.text') }).fill('Assembleia no sábado, às 10h, na praça.');
  await check(page, 'mass messages, message');
  await page.getByRole('button', { name: t('massMessages.send', { count: 3 }) }).click();
  await expect(page.getByRole('dialog', { name: t('massMessages.confirmTitle', { count: 3 }) })).toBeVisible();
  await check(page, 'mass messages, confirmation');
});
