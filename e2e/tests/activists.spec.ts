import { translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('an organiser finds people by filter, tags one, opens the profile, and tags everyone a segment matches', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await seedUser(request, {
    firstName: 'Iara',
    communities: [{ name: 'Rede Iara', formEntries: 60 }],
  });
  await signInAs(page, user, 'Rede Iara');
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });
  await sidebar.getByRole('link', { name: t('sidebar.activists'), exact: true }).click();
  await expect(page).toHaveURL(/\/activists$/);
  await expect(page.getByRole('heading', { name: t('activists.title'), level: 1 })).toBeVisible();
  await expect(page.getByText(t('activists.count', { count: 60 }))).toBeVisible();
  const table = page.getByRole('table', { name: t('activists.title') });
  // 50 a page, the latest action first; the last page is one click away.
  await expect(table.getByRole('row')).toHaveCount(51);
  await expectAccessible(page, 'activists list');
  await page.screenshot({ path: test.info().outputPath('activists-list.png'), fullPage: true });
  const pager = page.getByRole('navigation', { name: t('activists.pages') });
  await pager.getByRole('button', { name: t('activists.last') }).click();
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect(pager.getByRole('button', { name: t('activists.next') })).toBeDisabled();
  await pager.getByRole('button', { name: t('activists.first') }).click();
  await expect(pager.getByRole('button', { name: t('activists.previous') })).toBeDisabled();

  // Everyone here signed a form: nobody donated.
  const filters = page.getByRole('search', { name: t('activists.filters') });
  await filters.getByRole('checkbox', { name: t('actions.kinds.donation') }).check();
  await filters.getByRole('button', { name: t('activists.apply') }).click();
  await expect(page.getByRole('heading', { name: t('activists.emptyFiltered') })).toBeVisible();
  await expect(page.getByText(t('activists.count', { count: 0 }))).toBeVisible();
  await filters.getByRole('button', { name: t('activists.clear') }).click();
  await expect(table.getByRole('row')).toHaveCount(51);

  // Find one person by e-mail and open the profile.
  const firstEmail = (await table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
  await filters.getByRole('searchbox', { name: t('activists.search') }).fill(firstEmail.toUpperCase());
  await filters.getByRole('button', { name: t('activists.apply') }).click();
  await expect(page.getByText(t('activists.count', { count: 1 }))).toBeVisible();
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/activists\/\d+$/);
  await expect(page.getByText(firstEmail)).toBeVisible();
  await expect(page.getByText(t('actions.timeline.form'))).toBeVisible();
  // The seeded entries predate consent records: the timeline says so instead of showing a notice.
  await expect(page.getByText(t('activists.consentNone')).first()).toBeVisible();

  // Tags on one person: a bad one is refused on the field; a good one shows, and can be removed.
  const tagField = page.getByRole('textbox', { name: t('activists.newTag') });
  await tagField.fill('a,b');
  await page.getByRole('button', { name: t('activists.addTag') }).click();
  await expect(page.getByText(t('activists.tagComma'))).toBeVisible();
  await tagField.fill('voluntária');
  await page.getByRole('button', { name: t('activists.addTag') }).click();
  await expect(page.getByRole('button', { name: t('activists.removeTag', { tag: 'voluntária' }) })).toBeVisible();
  await expectAccessible(page, 'activist profile');
  await page.screenshot({ path: test.info().outputPath('activist-profile.png'), fullPage: true });

  // Back in the list, the tag filter finds exactly that person.
  await page.getByRole('link', { name: t('activists.profileBack') }).click();
  await filters.getByRole('searchbox', { name: t('activists.search') }).fill('');
  const tags = filters.getByRole('combobox', { name: t('activists.filterTags') });
  await tags.fill('voluntária');
  await tags.press('Enter');
  await filters.getByRole('button', { name: t('activists.apply') }).click();
  await expect(page.getByText(t('activists.count', { count: 1 }))).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(firstEmail);

  // Save the filter as a segment, then tag everyone it matches through the job.
  await page.getByRole('button', { name: t('activists.saveSegment') }).click();
  await page.getByRole('textbox', { name: t('activists.segmentName') }).fill('Voluntárias');
  await page.getByRole('button', { name: t('app.save'), exact: true }).click();
  await expect(page.getByText(t('activists.segmentSaved', { name: 'Voluntárias' }))).toBeVisible();
  await expect(page.getByRole('combobox', { name: t('activists.segment') })).toHaveValue(/\d+/);
  await page.getByRole('button', { name: t('activists.tagAll') }).click();
  const dialog = page.getByRole('dialog', { name: t('activists.tagAllTitle', { count: 1 }) });
  await expect(dialog.getByRole('textbox', { name: t('activists.newTag') })).toBeFocused();
  await expectAccessible(page, 'bulk tag dialog');
  await dialog.getByRole('textbox', { name: t('activists.newTag') }).fill('núcleo-recife');
  await dialog.getByRole('button', { name: t('activists.tagAllStart') }).click();
  await expect(page.getByText(t('activists.tagJobDone', { tag: 'núcleo-recife', count: 1 }))).toBeVisible({
    timeout: 15_000,
  });
  await expect(table.getByRole('row').nth(1)).toContainText('núcleo-recife');
  await page.screenshot({ path: test.info().outputPath('activists-segment.png'), fullPage: true });

  // The filter's people as CSV, then the person's own data, then their erasure.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: t('activists.exportCsv') }).click();
  expect((await download).suggestedFilename()).toMatch(/^ativistas-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  await table.getByRole('row').nth(1).getByRole('link').click();
  const rights = page.getByRole('region', { name: t('activists.dataRights') });
  const personal = page.waitForEvent('download');
  await rights.getByRole('link', { name: t('activists.downloadJson') }).click();
  expect((await personal).suggestedFilename()).toMatch(/^dados-pessoais-\d+-.*\.json$/);
  await rights.getByRole('button', { name: t('activists.erase') }).click();
  const erase = page.getByRole('dialog');
  await expect(erase.getByRole('button', { name: t('app.cancel') })).toBeFocused();
  await expectAccessible(page, 'erase dialog');
  await erase.getByRole('button', { name: t('activists.erase') }).click();
  await expect(page.getByText(t('activists.erased'))).toBeVisible();
  await expect(page).toHaveURL(/\/activists(\?|$)/);
  await page.goto('/activists');
  await expect(page.getByText(t('activists.count', { count: 59 }))).toBeVisible();
});
