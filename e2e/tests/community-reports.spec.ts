import { readFileSync } from 'node:fs';
import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

const buttonOf = (titleKey: string) => ({
  name: t('communityReports.download', { report: t(titleKey).toLowerCase() }),
  exact: true,
});

/** Clicks a report's download, waits for the file and its toast, and answers the file's lines (BOM checked). */
async function downloadReport(page: Page, titleKey: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', buttonOf(titleKey)).click();
  const file = await download;
  const toast = page.getByRole('alert').filter({ hasText: t('communityReports.exportSuccess') });
  await expect(toast).toContainText(t('communityReports.exportFile', { filename: file.suggestedFilename() }));
  await toast.getByRole('button', { name: t('app.close') }).click();
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  return { filename: file.suggestedFilename(), lines: csv.slice(1).trimEnd().split('\r\n') };
}

test('an organiser opens the Relatórios tab and downloads the activist reports', async ({ page, request }) => {
  // Downloads, axe passes and screenshots: over 30 s when the machine is shared.
  test.setTimeout(60_000);
  const user = await seedUser(request, {
    firstName: 'Lia',
    communities: [{ name: 'Rede Lia', formEntries: 3, paidDonations: [12_345] }],
  });
  await signInAs(page, user, 'Rede Lia');
  await page.goto('/community/info');
  await page
    .getByRole('navigation', { name: t('communitySettings.tabsLabel') })
    .getByRole('link', { name: t('communityReports.tab') })
    .click();
  await expect(page).toHaveURL(/\/community\/report$/);
  await expect(page.getByRole('region', { name: t('communityReports.actionsTitle') })).toBeVisible();
  await expectAccessible(page, 'community reports');
  await page.screenshot({ path: test.info().outputPath('community-reports.png'), fullPage: true });

  const actions = await downloadReport(page, 'communityReports.actionsTitle');
  expect(actions.filename).toMatch(/^acoes-de-ativistas-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(actions.lines[0]).toBe(
    [
      'colActionAt',
      'colKind',
      'colName',
      'colEmail',
      'colPhone',
      'colCity',
      'colMobilizationId',
      'colMobilization',
      'colWidgetId',
      'colWidgetKind',
    ]
      .map((c) => t(`communityReports.${c}`, { zone: 'America/Sao_Paulo' }))
      // Where each action came from: the page itself, or a site embedding its widget (issue 35).
      .concat(t('embedOrigins.originColumn'))
      .join(','),
  );
  // Three sign-ups and the donation, oldest first (the sign-ups are spread over the last days, the donation is now).
  expect(actions.lines).toHaveLength(5);
  expect(actions.lines.slice(1, 4).every((l) => l.includes(`,${t('actions.kinds.form')},`))).toBe(true);
  expect(actions.lines[4]).toContain(`,${t('actions.kinds.donation')},`);

  const activists = await downloadReport(page, 'communityReports.activistsTitle');
  expect(activists.filename).toMatch(/^ativistas-\d+-/);
  expect(activists.lines).toHaveLength(4);
  // Form entries, e-mail pressures, phone pressures, donations.
  expect(activists.lines.slice(1).every((l) => l.endsWith(',1,0,0,0'))).toBe(true);
});

test('the donations report downloads; no data and a failure each get their toast', async ({ page, request }) => {
  // Downloads, axe passes and screenshots: over 30 s when the machine is shared.
  test.setTimeout(60_000);
  const user = await seedUser(request, {
    firstName: 'Rui',
    communities: [{ name: 'Rede Rui', formEntries: 1, paidDonations: [12_345] }],
  });
  await signInAs(page, user, 'Rede Rui');
  await page.goto('/community/report');
  const donations = await downloadReport(page, 'communityReports.donationsTitle');
  expect(donations.lines).toHaveLength(2);
  expect(donations.lines[1]).toContain('"123,45"');

  // No recurring donation yet: the spec's message, and no file.
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await page.getByRole('button', buttonOf('communityReports.subscriptionsTitle')).click();
  await expect(page.getByRole('alert').filter({ hasText: t('communityReports.noData') })).toBeVisible();
  expect(downloaded).toBe(false);
  await expectAccessible(page, 'community reports with the no-data toast');
  await page.screenshot({ path: test.info().outputPath('community-reports-no-data.png'), fullPage: true });

  // A failed download says so, with the retry and support advice.
  await page.route('**/api/communities/*/activists.csv', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', buttonOf('communityReports.activistsTitle')).click();
  const failure = page.getByRole('alert').filter({ hasText: t('communityReports.exportFailed') });
  await expect(failure).toContainText(t('communityReports.exportFailedHelp', { email: 'suporte@mutirao.org' }));
  await expectAccessible(page, 'community reports with the failure toast');
  await page.screenshot({ path: test.info().outputPath('community-reports-failed.png'), fullPage: true });
});

test('a mobilizer sees the Relatórios tab and downloads a report', async ({ page, request }) => {
  const user = await seedUser(request, {
    firstName: 'Caio',
    communities: [{ name: 'Rede Caio', role: 2, formEntries: 2 }],
  });
  await signInAs(page, user, 'Rede Caio');
  await page.goto('/community/report');
  const activists = await downloadReport(page, 'communityReports.activistsTitle');
  expect(activists.lines).toHaveLength(3);
});
