import { formatMoney, translate } from '@mutirao/core';
import { expect, expectAccessible, PNG, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('a community admin edits Informações from the sidebar, and it shows everywhere after a reload', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, { firstName: 'Nina', communities: [{ name: 'Horta Viva', city: 'Recife' }] });
  await signInAs(page, user, 'Horta Viva');
  await page.getByRole('link', { name: t('communities.settings') }).click();
  await expect(page).toHaveURL(/\/community\/info$/);
  await expect(page.getByRole('heading', { name: t('communitySettings.title') })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: t('communitySettings.tabsLabel') });
  await expect(tabs.getByRole('link', { name: t('communitySettings.tabInfo') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByLabel(t('communities.name'))).toHaveValue('Horta Viva');
  const save = page.getByRole('button', { name: t('app.save') });
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'community settings: Informações');

  // Blank name and city get the spec's messages; a sender without brackets and a script link are refused.
  await page.getByLabel(t('communities.name')).fill('');
  await page.getByLabel(t('communities.city')).fill('');
  await page.getByLabel(t('communitySettings.fbLink')).fill('javascript:alert(1)');
  await page.getByLabel(t('communitySettings.emailFrom')).fill('contato@hortaviva.org');
  await save.click();
  await expect(page.getByText(t('validation.communityNameRequired'))).toBeVisible();
  await expect(page.getByText(t('validation.communityCityRequired'))).toBeVisible();
  await expect(page.getByText(t('validation.linkInvalid'))).toBeVisible();
  await expect(page.getByText(t('validation.emailTemplateFrom'))).toBeVisible();
  await expectAccessible(page, 'community settings with errors');

  await page.getByLabel(t('communities.name')).fill('Horta Viva do Recife');
  await page.getByLabel(t('communities.city')).fill('Olinda');
  await page.getByLabel(t('communitySettings.description')).fill('Hortas comunitárias nos bairros.');
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();
  await page.getByLabel(t('communitySettings.fbLink')).fill('facebook.com/hortaviva');
  await page.getByLabel(t('communitySettings.twitterLink')).fill('https://twitter.com/hortaviva');
  await page.getByLabel(t('communitySettings.emailFrom')).fill('Horta Viva <contato@hortaviva.org>');
  await save.click();
  await expect(page.getByText(t('communitySettings.saved'))).toBeVisible();
  // The sidebar takes the new name and logo at once.
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });
  await expect(sidebar.getByText('Horta Viva do Recife')).toBeVisible();
  await expect(sidebar.locator('img')).toHaveAttribute('src', /\/uploads\//);
  await page.screenshot({ path: test.info().outputPath('community-info.png'), fullPage: true });

  await page.reload();
  await expect(page.getByLabel(t('communities.name'))).toHaveValue('Horta Viva do Recife');
  await expect(page.getByLabel(t('communities.city'))).toHaveValue('Olinda');
  await expect(page.getByLabel(t('communitySettings.description'))).toHaveValue('Hortas comunitárias nos bairros.');
  await expect(page.getByLabel(t('communitySettings.fbLink'))).toHaveValue('https://facebook.com/hortaviva');
  await expect(page.getByLabel(t('communitySettings.emailFrom'))).toHaveValue('Horta Viva <contato@hortaviva.org>');
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();
  await expect(sidebar.getByText('Horta Viva do Recife')).toBeVisible();
});

test('a mobilizer edits the community’s information, as the admin who invited them could', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, { firstName: 'Teo', communities: [{ name: 'Rede Teo', role: 2 }] });
  await signInAs(page, user, 'Rede Teo');
  await page.goto('/community/info');
  await expect(page.getByText(t('communitySettings.readOnly'))).toHaveCount(0);
  await expect(page.getByLabel(t('communities.name'))).toHaveValue('Rede Teo');
  await page.getByLabel(t('communities.city')).fill('Caruaru');
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('communitySettings.saved'))).toBeVisible();
  await expectAccessible(page, 'community settings, by a mobilizer');
});

test('a community settings address that does not exist shows the not-found page inside the app', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, { firstName: 'Ivo', communities: [{ name: 'Rede Ivo' }] });
  await signInAs(page, user, 'Rede Ivo');
  await page.goto('/community/mailchimp-antigo');
  await expect(page.getByRole('heading', { name: t('pages.notFoundTitle') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('sidebar.navigation') })).toBeVisible();
});

test('the organiser opens Métricas from the sidebar and sees what the community collected, page by page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await seedUser(request, {
    firstName: 'Lia',
    communities: [{ name: 'Rede Lia', mobilizations: 2, formEntries: 12, paidDonations: [5_000, 10_050] }],
  });
  await signInAs(page, user, 'Rede Lia');
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });
  await expect(sidebar.getByRole('link', { name: t('sidebar.domains'), exact: true })).toHaveAttribute(
    'href',
    '/community/domain',
  );

  await sidebar.getByRole('link', { name: t('sidebar.metrics'), exact: true }).click();
  await expect(page).toHaveURL(/\/community\/metrics$/);
  await expect(sidebar.getByRole('link', { name: t('sidebar.metrics'), exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(sidebar.getByRole('link', { name: t('sidebar.community'), exact: true })).not.toHaveAttribute(
    'aria-current',
  );
  const tabs = page.getByRole('navigation', { name: t('communitySettings.tabsLabel') });
  await expect(tabs.getByRole('link', { name: t('communitySettings.tabMetrics') })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Twelve sign-ups over the last 30 days, by twelve people, and two paid donations.
  const figures = page.getByRole('list', { name: t('communityMetrics.figuresLabel') });
  const figure = (label: string) => figures.getByRole('listitem').filter({ hasText: label });
  await expect(figure(t('mobilizationMetrics.activists'))).toContainText('12');
  await expect(figure(t('mobilizationMetrics.activists'))).toContainText(
    t('mobilizationMetrics.recentCount', { count: '12', days: 90 }),
  );
  await expect(figure(t('mobilizationMetrics.formEntries'))).toContainText('12');
  await expect(figure(t('mobilizationMetrics.pressures'))).toContainText('0');
  await expect(figure(t('mobilizationMetrics.donations'))).toContainText(
    t('mobilizationMetrics.recentCount', { count: '2', days: 30 }),
  );
  await expect(figure(t('mobilizationMetrics.raised'))).toContainText(formatMoney(15_050));

  // Each page with its own figures, the sign-up page (updated last) first.
  const table = page.getByRole('table', { name: t('communityMetrics.byMobilization') });
  const form = user.communities[0]?.form;
  if (!form) throw new Error('seed made no form page');
  await expect(table.getByRole('row')).toHaveCount(4);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText(`Formulário ${user.communities[0]?.id}`);
  await expect(first.getByRole('cell')).toHaveText(['12', '12', '0', '0', '2', formatMoney(15_050)]);
  await expect(table.getByText(t('communityMetrics.archived'))).toHaveCount(0);
  await expect(page.getByText(t('mobilizationList.showing', { from: 1, to: 3, total: 3 }))).toBeVisible();
  await expectAccessible(page, 'community metrics');
  await page.screenshot({ path: test.info().outputPath('community-metrics-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(figures).toBeVisible();
  await expectAccessible(page, 'community metrics on a phone');
  await page.screenshot({ path: test.info().outputPath('community-metrics-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A name opens that page's own Métricas tab; inside a page that is not public yet, the sidebar offers "Publicar".
  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${form.mobilization_id}/settings/metrics$`));
  await expect(page.getByRole('list', { name: t('mobilizationMetrics.figuresLabel') })).toContainText(
    formatMoney(15_050),
  );
  await expect(sidebar.getByRole('link', { name: t('sidebar.edit'), exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: t('sidebar.publish'), exact: true })).toHaveAttribute(
    'href',
    `/mobilizations/${form.mobilization_id}/launch`,
  );
  await page.screenshot({ path: test.info().outputPath('mobilization-metrics.png'), fullPage: true });
});

test('a community where nobody acted yet says so on Métricas', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Bia', communities: [{ name: 'Rede Bia', mobilizations: 1 }] });
  await signInAs(page, user, 'Rede Bia');
  await page.goto('/community/metrics');
  await expect(page.getByRole('heading', { name: t('communityMetrics.empty') })).toBeVisible();
  await expect(page.getByText(t('communityMetrics.emptyHelp'))).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'community metrics, empty');
  await page.screenshot({ path: test.info().outputPath('community-metrics-empty.png') });
});

test('when the figures cannot be loaded, Métricas says so and tries again on request', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Caio', communities: [{ name: 'Rede Caio', formEntries: 3 }] });
  await signInAs(page, user, 'Rede Caio');
  await page.route('**/api/communities/*/metrics', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/community/metrics');
  const alert = page.getByRole('alert').filter({ hasText: t('mobilizationMetrics.loadFailed') });
  await expect(alert).toBeVisible();
  await expectAccessible(page, 'community metrics, failed');
  await page.unroute('**/api/communities/*/metrics');
  await alert.getByRole('button', { name: t('mobilizationMetrics.retry') }).click();
  const figures = page.getByRole('list', { name: t('communityMetrics.figuresLabel') });
  await expect(figures.getByRole('listitem').filter({ hasText: t('mobilizationMetrics.formEntries') })).toContainText(
    '3',
  );
});
