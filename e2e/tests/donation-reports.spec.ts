import { readFileSync } from 'node:fs';
import { formatMoney, translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('an organiser downloads the community’s donation reports from Métricas', async ({ page, request }) => {
  const user = await seedUser(request, {
    firstName: 'Dora',
    communities: [{ name: 'Rede Dora', formEntries: 1, paidDonations: [5_000, 12_345] }],
  });
  await signInAs(page, user, 'Rede Dora');
  await page.goto('/community/metrics');
  const figures = page.getByRole('list', { name: t('communityMetrics.figuresLabel') });
  await expect(figures.getByRole('listitem').filter({ hasText: t('mobilizationMetrics.raised') })).toContainText(
    formatMoney(17_345),
  );
  await expect(
    figures.getByRole('listitem').filter({ hasText: t('mobilizationMetrics.refusedDonations') }),
  ).toContainText('0');

  const reports = page.getByRole('region', { name: t('donationReports.title') });
  await expect(reports.getByText(t('donationReports.intro'))).toBeVisible();
  const download = page.waitForEvent('download');
  await reports.getByRole('button', { name: t('donationReports.downloadDonations'), exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^doacoes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(reports.getByText(t('donationReports.exportSuccess'))).toBeVisible();
  await expect(
    reports.getByText(t('donationReports.exportFile', { filename: file.suggestedFilename() })),
  ).toBeVisible();
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toContain(`${t('donationReports.colName')},${t('donationReports.colEmail')}`);
  expect(lines).toHaveLength(3);
  expect(csv).toContain('"123,45"');

  // No recurring donation yet: the spec's message, and no file.
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await reports.getByRole('button', { name: t('donationReports.downloadSubscriptions') }).click();
  await expect(reports.getByText(t('donationReports.noData'))).toBeVisible();
  expect(downloaded).toBe(false);
  await expectAccessible(page, 'community metrics with donation reports');

  // A failed download says so.
  await page.route('**/api/communities/*/donation_reports.csv', (route) => route.fulfill({ status: 500, body: '' }));
  await reports.getByRole('button', { name: t('donationReports.downloadDonations'), exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('donationReports.exportFailed') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('donation-reports.png'), fullPage: true });
});
