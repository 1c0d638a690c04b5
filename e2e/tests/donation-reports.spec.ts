import { readFileSync } from 'node:fs';
import { formatMoney, translate } from '@mutirao/core';
import { expect, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('an organiser sees the donation figures in Métricas and downloads the donations report', async ({
  page,
  request,
}) => {
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

  // The donation reports are in the Relatórios tab (community-reports.spec.ts downloads all four).
  await page.goto('/community/report');
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', {
      name: t('communityReports.download', { report: t('communityReports.donationsTitle').toLowerCase() }),
      exact: true,
    })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^doacoes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('alert').filter({ hasText: t('communityReports.exportSuccess') })).toContainText(
    t('communityReports.exportFile', { filename: file.suggestedFilename() }),
  );
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toContain(`${t('donationReports.colName')},${t('donationReports.colEmail')}`);
  expect(lines).toHaveLength(3);
  expect(csv).toContain('"123,45"');
  await page.screenshot({ path: test.info().outputPath('donation-reports.png'), fullPage: true });
});
