import { join } from 'node:path';
import { translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);
const FIXTURES = join(import.meta.dirname, '..', '..', 'apps', 'server', 'test', 'fixtures');

test('an organiser imports a CSV of people: preview, mapping, progress, result, then finds an imported person', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await seedUser(request, { firstName: 'Jurema', communities: [{ name: 'Rede Jurema', formEntries: 2 }] });
  await signInAs(page, user, 'Rede Jurema');
  await page.goto('/activists');
  await expect(page.getByText(t('activists.count', { count: 2 }))).toBeVisible();
  await page.getByRole('button', { name: t('activists.importButton') }).click();

  const dialog = page.getByRole('dialog', { name: t('activists.importTitle') });
  await expect(dialog.getByText(t('activists.importIntro'))).toBeVisible();
  await expectAccessible(page, 'import dialog: file');
  // A file that is not a CSV is refused on the field.
  await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'small-599x315.png'));
  await dialog.getByRole('button', { name: t('activists.importUpload') }).click();
  await expect(dialog.getByText(t('activists.importNotCsv'))).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'activists-import.csv'));
  await dialog.getByRole('button', { name: t('activists.importUpload') }).click();

  // The first rows, and a column per field with the suggestions chosen.
  const preview = dialog.getByRole('table', { name: t('activists.importPreview', { shown: 7, total: 7 }) });
  await expect(preview).toBeVisible();
  await expect(
    dialog.getByRole('heading', { name: t('activists.importPreview', { shown: 7, total: 7 }) }),
  ).toBeFocused();
  await expect(preview.getByRole('row')).toHaveCount(8);
  await expect(preview).toContainText('Maria Conceição');
  await expect(preview).toContainText('São Paulo');
  const email = dialog.getByRole('combobox', { name: t('activists.importField_email') });
  await expect(email).toHaveValue('1');
  await expect(email.locator('option:checked')).toHaveText('e-mail');
  await expect(dialog.getByRole('combobox', { name: t('activists.importField_city') })).toHaveValue('3');
  await expect(dialog.getByRole('combobox', { name: t('activists.importField_last_name') })).toHaveValue('');
  await expectAccessible(page, 'import dialog: mapping');
  await page.screenshot({ path: test.info().outputPath('import-mapping.png'), fullPage: true });

  // The e-mail column is required, named on its select.
  await email.selectOption('');
  await dialog.getByRole('button', { name: t('activists.importStart') }).click();
  await expect(dialog.getByText(t('activists.importEmailColumnRequired'))).toBeVisible();
  await email.selectOption({ label: 'e-mail' });
  const tags = dialog.getByRole('combobox', { name: t('activists.importTags') });
  await tags.fill('planilha-2026');
  await tags.press('Enter');
  await dialog.getByRole('button', { name: t('activists.importStart') }).click();

  // The progress bar, then the result.
  await expect(dialog.getByRole('progressbar', { name: t('activists.importProgress') })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: t('activists.importDone') })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('progressbar', { name: t('activists.importProgress') })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const result = dialog.getByRole('status');
  await expect(result).toContainText(`${t('activists.importImported')}: 4`);
  await expect(result).toContainText(`${t('activists.importUpdated')}: 0`);
  await expect(result).toContainText(`${t('activists.importDuplicates')}: 1`);
  await expect(result).toContainText(`${t('activists.importRejectedCount')}: 2`);
  await expectAccessible(page, 'import dialog: result');
  await page.screenshot({ path: test.info().outputPath('import-result.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: t('activists.importDownloadRejected') }).click();
  expect((await download).suggestedFilename()).toMatch(/^linhas-recusadas-\d+\.csv$/);
  await dialog.getByRole('button', { name: t('activists.importClose') }).click();

  // The list counts the new people; the imported person is found by e-mail, with the tags.
  await expect(page.getByText(t('activists.count', { count: 6 }))).toBeVisible();
  const filters = page.getByRole('search', { name: t('activists.filters') });
  await filters.getByRole('searchbox', { name: t('activists.search') }).fill('joao@example.org');
  await filters.getByRole('button', { name: t('activists.apply') }).click();
  await expect(page.getByText(t('activists.count', { count: 1 }))).toBeVisible();
  const row = page
    .getByRole('table', { name: t('activists.title') })
    .getByRole('row')
    .nth(1);
  await expect(row).toContainText('João da Silva');
  await expect(row).toContainText('planilha-2026');
  await page.screenshot({ path: test.info().outputPath('import-found.png'), fullPage: true });
});
