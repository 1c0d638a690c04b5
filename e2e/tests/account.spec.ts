import { translate } from '@mutirao/core';
import { expect, expectAccessible, PNG, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('account: the photo shows in the sidebar once saved', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Nina', communities: [{ name: 'Rede Nina' }] });
  await signInAs(page, user, 'Rede Nina');
  await page.goto('/account/edit');
  const sidebarPhoto = page.getByRole('img', { name: t('account.avatarOf', { name: 'Nina' }) });

  await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: t('upload.done') })).toBeAttached();
  const preview = page.getByRole('img', { name: t('upload.previewAlt') });
  await expect(preview).toBeVisible();
  const url = await preview.getAttribute('src');
  expect(url).toMatch(/^\/uploads\/|^https?:\/\//);
  await page
    .locator('form')
    .first()
    .getByRole('button', { name: t('account.submit') })
    .click();
  await expect(page.getByText(t('toast.accountSaved'))).toBeVisible();
  await expect(sidebarPhoto).toHaveAttribute('src', url ?? '');
  await page.reload();
  await expect(sidebarPhoto).toHaveAttribute('src', url ?? '');
  await expectAccessible(page, 'account with a photo');
  await page.screenshot({ path: test.info().outputPath('account-photo.png'), fullPage: true });
});

test('account: a password change asks for the current one and signs out the other sessions', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers signed in, the form tried three times, axe: over 30 s when the machine is shared.
  test.setTimeout(60_000);
  const user = await seedUser(request, { firstName: 'Otto', communities: [{ name: 'Rede Otto' }] });
  // Another session of the same user, in another browser.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await signInAs(otherPage, user, 'Rede Otto');

  await signInAs(page, user, 'Rede Otto');
  await page.goto('/account/edit');
  const form = page.getByRole('form', { name: t('account.passwordTitle') });
  await expect(form.getByText(t('account.passwordHelp'))).toBeVisible();
  const current = form.getByLabel(t('account.currentPassword'));
  const fresh = form.getByLabel(t('account.newPassword'), { exact: true });
  const confirmation = form.getByLabel(t('account.newPasswordConfirmation'));
  const submit = form.getByRole('button', { name: t('account.passwordSubmit') });

  // The register rules apply in the browser.
  await current.fill('qualquer');
  await fresh.fill('curta');
  await confirmation.fill('outra');
  await submit.click();
  await expect(form.getByText(t('validation.passwordMin', { min: 8 }))).toBeVisible();
  await expect(form.getByText(t('validation.passwordConfirmation'))).toBeVisible();

  // A wrong current password is refused by the server, on that field.
  await fresh.fill('uma-senha-nova');
  await confirmation.fill('uma-senha-nova');
  await submit.click();
  await expect(form.getByText(t('account.currentPasswordWrong'))).toBeVisible();
  await expect(current).toHaveAccessibleDescription(t('account.currentPasswordWrong'));
  await expectAccessible(page, 'account, wrong current password');
  await page.screenshot({ path: test.info().outputPath('account-password-wrong.png'), fullPage: true });

  await current.fill(user.password);
  await submit.click();
  await expect(page.getByText(t('account.passwordChanged'))).toBeVisible();
  await expect(current).toHaveValue('');

  // This session stays; the other one is signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: t('account.title') })).toBeVisible();
  await otherPage.goto('/account/edit');
  await expect(otherPage).toHaveURL(/\/login\?next=/);
  await elsewhere.close();

  // The new password is the one that signs in now.
  await page.getByRole('button', { name: t('sidebar.signOut') }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, { ...user, password: 'uma-senha-nova' }, 'Rede Otto');
});
