import { translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('a new mobilization: goal, then a global template, then the editor with its blocks', async ({ page, request }) => {
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
