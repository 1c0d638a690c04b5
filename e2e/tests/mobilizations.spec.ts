import { join } from 'node:path';
import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, seedUser, test, uniqueEmail } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);
const FIXTURES = join(import.meta.dirname, '..', '..', 'apps', 'server', 'test', 'fixtures');

/** Signs in through the screens and enters the community, as an organiser does. */
async function signIn(page: Page, email: string, password: string, community: string) {
  await page.goto('/login');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password')).fill(password);
  await page.getByRole('button', { name: t('auth.submitLogin'), exact: true }).click();
  await page.getByRole('button', { name: t('communities.choose', { name: community }) }).click();
  await expect(page).toHaveURL(/\/mobilizations$/);
}

/** A row of the mobilization list, found by its name. */
const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function rowMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: t('mobilizationList.moreActions', { name }) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a new mobilization: goal, then a global template, then the editor with its blocks', async ({ page, request }) => {
  // Seeding the global library and the template list take a while on a busy machine (31.7 s once on 2 cores).
  test.setTimeout(60_000);
  const user = await seedUser(request, { firstName: 'Davi', communities: [{ name: 'Rede Davi' }] });
  await request.post('/api/dev/seed', {
    data: { user: { email: `tpl-${user.email}`, password: 'journey-password' }, globalTemplates: true },
  });
  await page.goto('/login');
  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill(user.password);
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await page.getByRole('button', { name: t('communities.choose', { name: 'Rede Davi' }) }).click();
  await expect(page.getByText(t('mobilizations.empty'))).toBeVisible();

  await page
    .getByRole('link', { name: t('mobilizations.new') })
    .first()
    .click();
  await expect(page.getByLabel(t('newMobilization.name'))).toBeVisible();
  await expectAccessible(page, 'new mobilization');
  await page.getByRole('button', { name: t('newMobilization.submit') }).click();
  await expect(page.getByText(t('mobilizationForm.nameRequired'))).toBeVisible();
  await expect(page.getByText(t('mobilizationForm.goalRequired'))).toBeVisible();

  await page.getByLabel(t('newMobilization.name')).fill('Ciclofaixa na Rua da Aurora');
  await page.getByLabel(t('newMobilization.goal')).fill('Pintar a ciclofaixa prometida há dois anos.');
  await page.getByRole('combobox', { name: t('newMobilization.subthemes') }).click();
  await page.getByRole('option', { name: 'Mobilidade urbana' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: t('newMobilization.submit') }).click();

  await expect(page.getByRole('heading', { name: t('chooseTemplate.title') })).toBeVisible();
  await expectAccessible(page, 'choose template');
  await page.getByRole('link', { name: t('chooseTemplate.globalAction') }).click();
  await expectAccessible(page, 'global templates');
  await page.getByLabel(t('chooseTemplate.search')).fill('nada assim');
  await expect(page.getByText(t('chooseTemplate.noMatch'))).toBeVisible();
  await page.getByLabel(t('chooseTemplate.search')).fill('');
  await page.getByRole('radio').first().click();
  await page.getByRole('button', { name: t('app.continue') }).click();
  await expect(page).toHaveURL(/\/mobilizations\/\d+\/edit/);
});

test('settings: rename with the slug rules, then sharing, analytics, fonts and colours, and metrics', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await seedUser(request, { firstName: 'Rute', communities: [{ name: 'Coletivo Rute' }] });
  await signIn(page, user.email, user.password, 'Coletivo Rute');
  const stamp = `${Date.now().toString(36)}${process.pid}`;
  const subthemes = await page.request.post('/v1/graphql', {
    data: { query: '{ subthemes(order_by: {label: asc}) { id label } }' },
  });
  const moradia = (
    (await subthemes.json()) as { data: { subthemes: { id: number; label: string }[] } }
  ).data.subthemes.find((s) => s.label === 'Moradia')?.id;
  const create = (name: string, slug: string) =>
    page.request.post('/api/mobilizations', {
      data: {
        mobilization: { community_id: user.communities[0]?.id, name, goal: 'Moradia já', slug, subthemes: [moradia] },
      },
    });
  const taken = `ocupada-${stamp}`;
  expect((await create('Outra página', taken)).status()).toBe(200);
  const mine = (await (await create('Casa para todas', `casa-${stamp}`)).json()) as { id: number };

  // Reached from the sidebar's settings link inside the mobilization.
  await page.goto(`/mobilizations/${mine.id}/edit`);
  // An empty page goes on to block creation first (spec 01 §2).
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mine.id}/blocks/create$`));
  await page.getByRole('link', { name: t('sidebar.settings'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mine.id}/settings/basics$`));
  await expect(page.getByRole('navigation', { name: t('mobilizationSettings.tabsLabel') })).toBeVisible();
  await expectAccessible(page, 'settings basics');
  const name = page.getByLabel(t('newMobilization.name'));
  const slug = page.getByLabel(t('mobilizationSettings.slug'));
  const save = page.getByRole('button', { name: t('mobilizationSettings.submit') });
  await expect(save).toBeDisabled();
  // Theme and subthemes stay open to change (themes.spec.ts changes them).
  await expect(page.getByRole('combobox', { name: t('newMobilization.subthemes') })).toBeEnabled();

  // A new name keeps the slug; an emptied slug is derived from the name when the name loses focus.
  await name.fill(`Moradia digna ${stamp}`);
  await name.blur();
  await expect(slug).toHaveValue(`casa-${stamp}`);
  await slug.fill('');
  await name.focus();
  await name.blur();
  await expect(slug).toHaveValue(`moradia-digna-${stamp}`);
  await expect(page.getByText(t('mobilizationSettings.slugWarning'))).toBeVisible();
  await expectAccessible(page, 'settings basics with the slug warning');

  // Someone else's slug is refused with the update message; the name is kept.
  await slug.fill(taken);
  await save.click();
  await expect(page.getByText(t('mobilizationForm.slugTakenOnUpdate', { slug: taken }))).toBeVisible();
  await slug.fill(`moradia-digna-${stamp}`);
  await save.click();
  await expect(page.getByText(t('mobilizationSettings.savedToast'))).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('navigation', { name: t('sidebar.navigation') })).toContainText(`Moradia digna ${stamp}`);
  await page.reload();
  await expect(slug).toHaveValue(`moradia-digna-${stamp}`);

  // Sharing: a share image smaller than 600×315 is refused in the browser, a good one is kept.
  await page.getByRole('link', { name: t('mobilizationSettings.sharingTab') }).click();
  await expectAccessible(page, 'settings sharing');
  const upload = page.locator('input[type="file"]');
  await upload.setInputFiles(join(FIXTURES, 'small-599x315.png'));
  await expect(
    page.getByText(t('upload.tooSmall', { width: 600, height: 315, idealWidth: 1200, idealHeight: 630 })),
  ).toBeVisible();
  await upload.setInputFiles(join(FIXTURES, 'share-1200x630.jpg'));
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();
  await page.getByLabel(t('mobilizationSettings.shareTitle')).fill('t'.repeat(71));
  await page.getByLabel(t('mobilizationSettings.tweet')).fill('Moradia digna já! Assine:');
  await page.getByRole('button', { name: t('mobilizationSettings.submit') }).click();
  await expect(page.getByText(t('validation.tooLong', { max: 70 }))).toBeVisible();
  await page.getByLabel(t('mobilizationSettings.shareTitle')).fill('Moradia digna no centro');
  await page.getByRole('button', { name: t('mobilizationSettings.submit') }).click();
  await expect(page.getByText(t('mobilizationSettings.savedToast')).first()).toBeVisible();

  // Analytics: a UA- or G- id, or nothing.
  await page.getByRole('link', { name: t('mobilizationSettings.analyticsTab') }).click();
  const analytics = page.getByLabel(t('mobilizationSettings.analyticsCode'));
  await analytics.fill('GTM-1234');
  await page.getByRole('button', { name: t('mobilizationSettings.submit') }).click();
  await expect(page.getByText(t('mobilizationForm.analyticsInvalid'))).toBeVisible();
  await expectAccessible(page, 'settings analytics with an error');
  await analytics.fill('G-ABC1234');
  await page.getByRole('button', { name: t('mobilizationSettings.submit') }).click();
  await expect(page.getByText(t('mobilizationForm.analyticsInvalid'))).toBeHidden();

  // Fonts and colours: chosen from the spec's list, previewed from this server's own font files.
  await page.getByRole('link', { name: t('mobilizationSettings.designTab') }).click();
  const fontFile = page.waitForResponse((r) => r.url().includes('/_fonts/glegoo/') && r.status() === 200);
  await page.getByLabel(t('mobilizationSettings.headerFont')).selectOption('Glegoo');
  await fontFile;
  await page.getByLabel(t('mobilizationSettings.bodyFont')).selectOption('Source Sans Pro');
  await page.getByRole('radio', { name: t('mobilizationSettings.schemes.nossas') }).check();
  await expectAccessible(page, 'settings fonts and colours');
  await page.getByRole('button', { name: t('mobilizationSettings.submit') }).click();
  await expect(page.getByRole('button', { name: t('mobilizationSettings.submit') })).toBeDisabled();
  const saved = await page.request.post('/v1/graphql', {
    data: {
      query: `{ mobilizations_by_pk(id: ${mine.id}) { header_font body_font color_scheme google_analytics_code facebook_share_image } }`,
    },
  });
  expect(
    ((await saved.json()) as { data: { mobilizations_by_pk: Record<string, string> } }).data.mobilizations_by_pk,
  ).toMatchObject({
    header_font: 'Glegoo',
    body_font: 'Source Sans Pro',
    color_scheme: 'nossas-scheme',
    google_analytics_code: 'G-ABC1234',
  });

  // Metrics: nobody has acted yet.
  await page.getByRole('link', { name: t('mobilizationSettings.metricsTab') }).click();
  await expect(page.getByText(t('mobilizationMetrics.empty'))).toBeVisible();
  await expectAccessible(page, 'settings metrics');
});

test('archive a mobilization, find it under Arquivadas, activate it again', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Ines', communities: [{ name: 'Coletivo Ines' }] });
  await signIn(page, user.email, user.password, 'Coletivo Ines');
  const name = `Horta comunitária ${Date.now().toString(36)}`;
  const subthemes = await page.request.post('/v1/graphql', { data: { query: '{ subthemes { id } }' } });
  const subtheme = ((await subthemes.json()) as { data: { subthemes: { id: number }[] } }).data.subthemes[0]?.id;
  await page.request.post('/api/mobilizations', {
    data: { mobilization: { community_id: user.communities[0]?.id, name, goal: 'Uma horta', subthemes: [subtheme] } },
  });
  await page.reload();
  await expect(row(page, name)).toBeVisible();
  await page.getByRole('button', { name: t('mobilizationList.moreActions', { name }) }).click();
  await expect(page.getByRole('menuitem', { name: t('mobilizationList.openPage') })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expectAccessible(page, 'mobilization row menu');
  await page.getByRole('menuitem', { name: t('mobilizationList.archive') }).click();
  await expect(page.getByText(t('mobilizationList.archivedToast', { name }))).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await expect(page.getByText(t('mobilizations.empty'))).toBeVisible();

  await page.getByRole('link', { name: t('mobilizations.archived'), exact: true }).click();
  await expect(page).toHaveURL(/status=archived/);
  await expect(row(page, name)).toBeVisible();
  await expectAccessible(page, 'archived mobilizations');
  await page.getByRole('button', { name: t('mobilizationList.moreActions', { name }) }).click();
  // An archived page is not served, so there is no page to open.
  await expect(page.getByRole('menuitem', { name: t('mobilizationList.openPage') })).toHaveCount(0);
  await page.getByRole('menuitem', { name: t('mobilizationList.activate') }).click();
  await expect(page.getByText(t('mobilizationList.activatedToast', { name }))).toBeVisible();
  await expect(page.getByText(t('mobilizations.emptyArchived'))).toBeVisible();
  await page.getByRole('link', { name: t('mobilizations.active'), exact: true }).click();
  await expect(row(page, name)).toBeVisible();
});

test('create a template from a mobilization, find it in "my templates", filter it and remove it', async ({
  page,
  request,
}) => {
  // Two template screens with thumbnails, four axe checks and a removal: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const user = await seedUser(request, { firstName: 'Olga', communities: [{ name: 'Coletivo Olga' }] });
  await signIn(page, user.email, user.password, 'Coletivo Olga');
  await page.getByRole('link', { name: t('mobilizations.templates'), exact: true }).click();
  await expect(page.getByText(t('templates.empty'))).toBeVisible();
  await expectAccessible(page, 'empty template list');
  await page.getByRole('link', { name: t('templateList.goToMobilizations') }).click();
  await expect(page).toHaveURL(/\/mobilizations$/);

  const source = `Abaixo-assinado da creche ${Date.now().toString(36)}`;
  const subthemes = await page.request.post('/v1/graphql', { data: { query: '{ subthemes { id } }' } });
  const subtheme = ((await subthemes.json()) as { data: { subthemes: { id: number }[] } }).data.subthemes[0]?.id;
  const created = await page.request.post('/api/mobilizations', {
    data: {
      mobilization: { community_id: user.communities[0]?.id, name: source, goal: 'Creche já', subthemes: [subtheme] },
    },
  });
  const mobilizationId = ((await created.json()) as { id: number }).id;
  // Before the community saves one, "my templates" says how to make one instead of offering an empty list.
  await page.goto(`/mobilizations/${mobilizationId}/templates/choose`);
  await expect(page.getByLabel(t('chooseTemplate.count', { count: 0 }))).toBeVisible();
  await expect(page.getByText(t('templateList.emptyHelp'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('chooseTemplate.customAction') })).toHaveCount(0);
  await page.goto('/mobilizations');
  await rowMenu(page, source, t('mobilizationList.createTemplate'));
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mobilizationId}/templates/create$`));
  await page.getByRole('button', { name: t('templateCreate.submit') }).click();
  await expect(page.getByText(t('validation.required'))).toHaveCount(2);
  await expectAccessible(page, 'create template with errors');
  await page.getByLabel(t('templateCreate.name')).fill('Modelo de abaixo-assinado');
  await page.getByLabel(t('templateCreate.goal')).fill('Para pedir creches ao poder público.');
  await page.getByRole('button', { name: t('templateCreate.submit') }).click();

  await expect(page).toHaveURL(/\/mobilizations\/templates\/list$/);
  await expect(page.getByText(t('templateCreate.createdToast', { name: 'Modelo de abaixo-assinado' }))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Modelo de abaixo-assinado' })).toBeVisible();
  await expectAccessible(page, 'template list');

  // "My templates", when starting another mobilization, counts and lists it.
  await page.goto(`/mobilizations/${mobilizationId}/templates/choose`);
  await expect(page.getByLabel(t('chooseTemplate.count', { count: 1 }))).toBeVisible();
  await page.getByRole('link', { name: t('chooseTemplate.customAction') }).click();
  await page.getByLabel(t('chooseTemplate.search')).fill('ABAIXO');
  // A filter that leaves exactly one template selects it (spec 01 §4).
  await expect(page.getByRole('radio', { name: /Modelo de abaixo-assinado/ })).toBeChecked();
  await expect(page.getByRole('button', { name: t('app.continue') })).toBeEnabled();

  // Filter and remove it from the template list, behind the spec's confirmation.
  await page.goto('/mobilizations/templates/list');
  const filter = page.getByLabel(t('templateList.search'));
  await filter.fill('pressão');
  await expect(page.getByText(t('chooseTemplate.noMatch'))).toBeVisible();
  await filter.fill('assinado');
  await page
    .getByRole('button', { name: t('templateList.removeLabel', { name: 'Modelo de abaixo-assinado' }) })
    .click();
  const dialog = page.getByRole('dialog', { name: t('templateList.confirmTitle') });
  await expect(dialog).toContainText(t('templateList.confirm'));
  await expectAccessible(page, 'remove template confirmation');
  await dialog.getByRole('button', { name: t('app.cancel') }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByRole('button', { name: t('templateList.removeLabel', { name: 'Modelo de abaixo-assinado' }) })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('templateList.confirmAction') })
    .click();
  await expect(page.getByText(t('templateList.removedToast', { name: 'Modelo de abaixo-assinado' }))).toBeVisible();
  await expect(page.getByText(t('templates.empty'))).toBeVisible();
});

test('the list pages through a large community, 20 at a time', async ({ page, request }) => {
  const email = uniqueEmail('paginas');
  const seeded = await request.post('/api/dev/seed', {
    data: { user: { email, password: 'journey-password' }, communities: [{ name: 'Rede Grande', mobilizations: 45 }] },
  });
  expect(seeded.status()).toBe(201);
  await signIn(page, email, 'journey-password', 'Rede Grande');
  // 45 seeded, every tenth archived: 41 active.
  await expect(page.getByText(t('mobilizationList.showing', { from: 1, to: 20, total: 41 }))).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(20);
  await expectAccessible(page, 'paginated mobilization list');
  const pages = page.getByRole('navigation', { name: t('mobilizationList.pagination') });
  await pages.getByRole('button', { name: t('mobilizationList.page', { page: 3 }) }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page.getByText(t('mobilizationList.showing', { from: 41, to: 41, total: 41 }))).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(1);
  await pages.getByRole('button', { name: t('mobilizationList.previousPage') }).click();
  await expect(page.getByText(t('mobilizationList.showing', { from: 21, to: 40, total: 41 }))).toBeVisible();
  await page.getByRole('link', { name: t('mobilizations.archived'), exact: true }).click();
  await expect(page.getByText(t('mobilizationList.showing', { from: 1, to: 4, total: 4 }))).toBeVisible();
});
