import { translate } from '@mutirao/core';
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

test('a mobilizer sees the community’s information read-only', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Teo', communities: [{ name: 'Rede Teo', role: 2 }] });
  await signInAs(page, user, 'Rede Teo');
  await page.goto('/community/info');
  await expect(page.getByText(t('communitySettings.readOnly'))).toBeVisible();
  await expect(page.getByLabel(t('communities.name'))).toHaveValue('Rede Teo');
  await expect(page.getByLabel(t('communities.name'))).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: t('app.save') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('upload.choose') })).toHaveCount(0);
  await expectAccessible(page, 'community settings, read-only');
});

test('community settings tabs that do not exist yet show the not-found page inside the app', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, { firstName: 'Ivo', communities: [{ name: 'Rede Ivo' }] });
  await signInAs(page, user, 'Rede Ivo');
  await page.goto('/community/mailchimp');
  await expect(page.getByRole('heading', { name: t('pages.notFoundTitle') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('sidebar.navigation') })).toBeVisible();
});
