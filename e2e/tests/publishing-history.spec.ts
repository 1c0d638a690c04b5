import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);
const DATE = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`;

/** Screenshots go with the test's own output, for a person to look at; they prove nothing by themselves. */
async function shot(page: Page, name: string) {
  await page.mouse.move(1, 1);
  await page.screenshot({ path: test.info().outputPath(`history-${name}.png`), fullPage: true });
}

test('an organiser reads the publishing history, opens an old version read-only, compares and restores it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Dandara',
    community: { name: 'Rede Dandara', city: 'Salvador' },
    page: { name: 'Água limpa no bairro', goal: 'Saneamento básico para todas as ruas.', slugPrefix: 'agua' },
  });
  const id = mobilization.id;

  // A block with a sign-up form, published as version 1 (what the launch wizard's last step does).
  const created = await page.request.post(`/api/mobilizations/${id}/blocks`, {
    data: { block: { name: 'Abertura', widgets_attributes: [{ sm_size: 12, md_size: 12, lg_size: 12 }] } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const block = (await created.json()) as { id: number; widgets: { id: number }[] };
  const widgetId = block.widgets[0]?.id;
  const form = await page.request.put(`/api/mobilizations/${id}/widgets/${widgetId}`, {
    data: { widget: { kind: 'form' } },
  });
  expect(form.status(), await form.text()).toBe(200);
  const first = await page.request.post(`/api/mobilizations/${id}/publish`);
  expect(first.status(), await first.text()).toBe(200);
  expect(((await first.json()) as { published_revision: { number: number } }).published_revision.number).toBe(1);

  // A rename in the draft, published as version 2.
  const renamed = await page.request.put(`/api/blocks/${block.id}`, { data: { block: { name: 'Chamada' } } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const second = await page.request.post(`/api/mobilizations/${id}/publish`);
  expect(second.status(), await second.text()).toBe(200);

  // The sidebar leads to the history; it lists both versions, newest first, the live one marked.
  await page.goto(`/mobilizations/${id}/edit`);
  await page.getByRole('link', { name: t('publishing.history'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${id}/history$`));
  await expect(page.getByRole('heading', { level: 1, name: t('publishing.historyTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('publishing.history'), exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page).toHaveTitle(new RegExp(`^${t('publishing.historyTitle')}`));
  const rows = page.getByRole('list', { name: t('publishing.historyLabel') }).locator(':scope > li');
  await expect(rows).toHaveCount(2);
  const v2 = rows.nth(0);
  const v1 = rows.nth(1);
  await expect(v2.getByRole('heading', { name: t('publishing.revision', { number: 2 }) })).toBeVisible();
  await expect(v2.getByText(t('publishing.live'), { exact: true })).toBeVisible();
  await expect(v2.getByText(new RegExp(`^Publicada por Dandara em ${DATE}$`))).toBeVisible();
  await expect(
    v2.getByRole('list', { name: t('publishing.changesTitle') }).getByText('Bloco “Chamada” alterado: nome'),
  ).toBeVisible();
  await expect(v1.getByRole('heading', { name: t('publishing.revision', { number: 1 }) })).toBeVisible();
  await expect(v1.getByText(t('publishing.live'), { exact: true })).toHaveCount(0);
  await expect(page.getByText(t('publishing.live'), { exact: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: t('publishing.backToEditor') })).toHaveAttribute(
    'href',
    `/mobilizations/${id}/edit`,
  );
  await expectAccessible(page, 'publishing history');
  await shot(page, 'list-desktop');

  // Version 1, read-only: the notice, what the draft changes from it, and the page as it was, with nothing to edit.
  await v1.getByRole('link', { name: t('publishing.openRevision', { number: 1 }) }).click();
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${id}/history/1$`));
  await expect(page.getByRole('heading', { level: 1, name: t('publishing.revision', { number: 1 }) })).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Somente leitura: esta é a versão 1, publicada em ${DATE}\\.$`)),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: t('publishing.compareTitle') })).toBeVisible();
  await expect(
    page.getByRole('list', { name: t('publishing.compareTitle') }).getByText('Bloco “Chamada” alterado: nome'),
  ).toBeVisible();
  const drawn = page.locator('[data-revision-page="1"]');
  await expect(drawn.locator('section[data-block-id]')).toHaveAttribute('aria-label', 'Abertura');
  await expect(drawn).toHaveAttribute('inert', '');
  const input = drawn.locator('input:not([type=hidden])').first();
  await expect(input).toBeVisible();
  await input.focus();
  await expect(input).not.toBeFocused();
  await expect(drawn.locator('.mz-widget__overlay, .mz-widget__actions, .mz-block__menu')).toHaveCount(0);
  await expectAccessible(page, 'revision read-only');
  await shot(page, 'revision-desktop');

  // Restoring asks first: the dialog takes the focus, and Escape cancels with the focus back on the button.
  const restore = page.getByRole('button', { name: t('publishing.restore') });
  await restore.click();
  const dialog = page.getByRole('dialog', { name: t('publishing.restoreTitle', { number: 1 }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t('publishing.restoreConfirm', { number: 1 }))).toBeVisible();
  await expect(dialog.getByRole('button', { name: t('publishing.cancel') })).toBeFocused();
  await expectAccessible(page, 'restore dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(restore).toBeFocused();
  let draft = await (await page.request.get(`/api/mobilizations/${id}/draft`)).json();
  expect(draft).toMatchObject({ restored_from: null, has_changes: false });

  // From the keyboard again, and confirmed: the draft is version 1's, and the editor says so.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('publishing.restore') }).click();
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${id}/edit$`));
  await expect(page.getByText(t('publishing.restored', { number: 1 }))).toBeVisible();
  await shot(page, 'restored-editor');
  await expect(page.locator('section[data-block-id]')).toHaveAttribute('aria-label', 'Abertura');
  draft = await (await page.request.get(`/api/mobilizations/${id}/draft`)).json();
  expect(draft).toMatchObject({ restored_from: 1, has_changes: true, published_revision: { number: 2 } });

  // Restoring published nothing: still two versions, version 2 live; now the draft equals version 1.
  await page.goto(`/mobilizations/${id}/history/1`);
  await expect(page.getByText(t('publishing.compareEmpty'))).toBeVisible();

  // A version that does not exist is the app's 'not found'.
  await page.goto(`/mobilizations/${id}/history/9`);
  await expect(page.getByRole('heading', { level: 1, name: t('pages.notFoundTitle') })).toBeVisible();

  // Another community's organiser gets the same 'not found', for the list and for a version.
  const stranger = await seedUser(request, { firstName: 'Iara', communities: [{ name: 'Rede Iara', city: 'Belém' }] });
  const other = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await signInAs(other, stranger, 'Rede Iara');
  for (const path of [`/mobilizations/${id}/history`, `/mobilizations/${id}/history/1`]) {
    await other.goto(path);
    await expect(other.getByRole('heading', { level: 1, name: t('pages.notFoundTitle') })).toBeVisible();
    await expect(other.getByText('Abertura')).toHaveCount(0);
  }
  await other.context().close();

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/mobilizations/${id}/history`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByText(t('publishing.live'), { exact: true })).toBeVisible();
  await expectAccessible(page, 'publishing history, phone');
  await shot(page, 'list-phone');
  await page.goto(`/mobilizations/${id}/history/1`);
  await expect(page.getByRole('button', { name: t('publishing.restore') })).toBeVisible();
  await shot(page, 'revision-phone');
  expect(errors).toEqual([]);
});
