import { formatMoney, translate } from '@mutirao/core';
import type { Locator, Page } from '@playwright/test';
import { fillCard, fillDonor, seedDonationPage } from './donor';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

/*
 * Issue 31, 'The numbers disagree': one mix of what visitors did (2 sign-ups, 1 e-mail pressure, 1 phone pressure of
 * two calls of which one failed, 2 paid card donations, a refused card and a boleto still waiting; the latest at
 * 01:30 UTC on 28 November 2026, 22:30 on the 27th in São Paulo) reads the same on the public page, the Métricas
 * screens, the people list and a profile; and every date moves with the community's time zone.
 */

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

/** The value of a figure card, found by its label. */
const figure = (page: Page, listLabel: string, label: string): Locator =>
  page
    .getByRole('list', { name: listLabel })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);

async function expectFigures(page: Page, listLabel: string) {
  const value = (label: string) => figure(page, listLabel, t(label));
  await expect(value('mobilizationMetrics.activists')).toHaveText('6');
  await expect(value('mobilizationMetrics.formEntries')).toHaveText('2');
  await expect(value('mobilizationMetrics.pressures')).toHaveText('1');
  await expect(value('mobilizationMetrics.phonePressures')).toHaveText('1');
  await expect(value('mobilizationMetrics.phoneCalls')).toHaveText('2');
  await expect(value('mobilizationMetrics.donations')).toHaveText('2');
  await expect(value('mobilizationMetrics.raised')).toHaveText(formatMoney(8000));
  await expect(value('mobilizationMetrics.pendingDonations')).toHaveText('1');
  await expect(value('mobilizationMetrics.refusedDonations')).toHaveText('1');
}

test('every counter, the Métricas screens, the people list and a profile agree, in the community’s zone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await seedUser(request, { firstName: 'Nina', communities: [{ name: 'Rede Números', actionMix: true }] });
  const mix = user.communities[0]?.action_mix;
  if (!mix) throw new Error('the seed made no mix');

  // The visitor's page: each widget's counter counts what counts.
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost').port;
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await visitor.goto(`http://${mix.slug}.localhost:${port}/`);
  const counter = (kind: string) => visitor.locator(`.mz-widget--${kind} .mz-count`);
  await expect(counter('form')).toHaveText('2 pessoas assinaram');
  await expect(counter('pressure')).toHaveText('1 pressão feita');
  await expect(counter('pressure-phone')).toHaveText('1 ligação feita');
  await expect(counter('donation')).toHaveText('2 doações recebidas');
  await visitor.screenshot({ path: test.info().outputPath('numbers-public-390.png'), fullPage: true });

  // The community's Métricas: the same figures, and the last action on the 27th in São Paulo.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, user, 'Rede Números');
  await page.goto('/community/metrics');
  await expectFigures(page, t('communityMetrics.figuresLabel'));
  await expect(page.getByText(t('mobilizationMetrics.lastAction', { date: '27/11/2026' }))).toBeVisible();
  await expectAccessible(page, 'community metrics');
  await page.screenshot({ path: test.info().outputPath('numbers-community-metrics.png'), fullPage: true });

  // The page's own Métricas tab.
  await page.goto(`/mobilizations/${mix.mobilization_id}/settings/metrics`);
  await expectFigures(page, t('mobilizationMetrics.figuresLabel'));
  await expect(page.getByText(t('mobilizationMetrics.lastAction', { date: '27/11/2026' }))).toBeVisible();

  // The people list: seven people, the refused-then-paid donor with one action, the boleto's donor with none.
  await page.goto('/activists');
  const table = page.getByRole('table', { name: t('activists.title') });
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(row('Elis').getByRole('cell').nth(5)).toHaveText('1');
  await expect(row('Elis').getByRole('cell').nth(6)).toHaveText('27/11/2026');
  await expect(row('Gal').getByRole('cell').nth(5)).toHaveText('0');
  await expect(row('Davi').getByRole('cell').nth(2)).toHaveText('+55 81 98888-7777');
  await expectAccessible(page, 'people list');
  await page.screenshot({ path: test.info().outputPath('numbers-people.png'), fullPage: true });

  // The profile: the gift is a gift, the refused card an attempt with its amount; the call that failed says so.
  await row('Elis').getByRole('link', { name: 'Elis' }).click();
  const timeline = page.getByRole('region', { name: t('activists.timeline') });
  await expect(timeline.getByText(t('actions.timeline.donationPaid', { amount: 'R$ 50,00' }))).toBeVisible();
  await expect(timeline.getByText(t('actions.timeline.donationRefused', { amount: 'R$ 50,00' }))).toBeVisible();
  await expect(timeline.getByText('27/11/2026 22:30')).toBeVisible();
  await expect(timeline.getByText(/^Doou/)).toHaveCount(1);
  await expectAccessible(page, 'profile');
  await page.screenshot({ path: test.info().outputPath('numbers-profile.png'), fullPage: true });
  await page.goto(`/activists/${mix.people.davi}`);
  await expect(page.getByText('+55 81 98888-7777')).toBeVisible();
  await expect(page.getByText(t('actions.timeline.phoneCompleted'), { exact: false })).toBeVisible();
  await expect(page.getByText(t('actions.timeline.phoneFailed'), { exact: false })).toBeVisible();

  // The community moves to Lisbon: the same instant is the 28th everywhere.
  await page.goto('/community/info');
  const zone = page.getByRole('combobox', { name: t('communitySettings.timeZone') });
  await expect(zone).toHaveValue(/America\/Sao_Paulo/);
  await zone.click();
  await zone.fill('Lisbon');
  await page.getByRole('option', { name: /Europe\/Lisbon/ }).click();
  await expectAccessible(page, 'community info with the zone');
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('communitySettings.saved'))).toBeVisible();
  await page.goto('/community/metrics');
  await expect(page.getByText(t('mobilizationMetrics.lastAction', { date: '28/11/2026' }))).toBeVisible();
  await page.goto('/activists');
  await expect(row('Elis').getByRole('cell').nth(6)).toHaveText('28/11/2026');
  await page.goto(`/activists/${mix.people.elis}`);
  await expect(page.getByText('28/11/2026 01:30')).toBeVisible();

  // A phone shows the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/community/metrics');
  await expect(page.getByText(t('mobilizationMetrics.lastAction', { date: '28/11/2026' }))).toBeVisible();
  await expectFigures(page, t('communityMetrics.figuresLabel'));
  await page.screenshot({ path: test.info().outputPath('numbers-community-metrics-390.png'), fullPage: true });
  await page.goto(`/activists/${mix.people.elis}`);
  await expect(page.getByText(t('actions.timeline.donationRefused', { amount: 'R$ 50,00' }))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('numbers-profile-390.png'), fullPage: true });
});

test('a refused card does not move the donation counter; the paid retry makes it ‘1 doação recebida’', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const donationPage = await seedDonationPage(request, 'Cozinha Contada', {
    offer: false,
    countText: 'doações recebidas',
  });
  const port = new URL(baseURL ?? '').port;
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await visitor.goto(`http://${donationPage.slug}.localhost:${port}/`);
  const counter = visitor.locator('.mz-widget--donation .mz-count');
  await expect(counter).toHaveText(/^0 /);

  // A refused card is an attempt: the retry message, and the counter where it was.
  await visitor.getByRole('button', { name: 'Quero doar' }).click();
  await fillDonor(visitor);
  await visitor.getByRole('button', { name: translate('pt-BR', 'kinds.donation.continue') }).click();
  await fillCard(visitor, '4000 0000 0000 0002');
  const pay = visitor.getByRole('button', { name: translate('pt-BR', 'kinds.donation.pay', { amount: 'R$ 50' }) });
  await pay.click();
  await expect(visitor.getByRole('heading', { name: translate('pt-BR', 'kinds.donation.retryMessage') })).toBeVisible();
  await expect(counter).toHaveText(/^0 /);

  // Paid: one donation, in the singular, after the thank-you and on the page read again.
  await visitor.getByRole('button', { name: translate('pt-BR', 'kinds.donation.retryButton') }).click();
  await fillCard(visitor, '4111 1111 1111 1111');
  await pay.click();
  await expect(visitor.getByText(translate('pt-BR', 'actionWidget.shareTitle'))).toBeVisible();
  await expect(counter).toHaveText('1 doação recebida');
  await visitor.reload();
  await expect(counter).toHaveText('1 doação recebida');
  await expectAccessible(visitor, 'donation page with its counter');
});
