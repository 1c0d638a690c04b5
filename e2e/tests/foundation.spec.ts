import { translate } from '@mutirao/core';
import { expect, expectAccessible, PNG, seedUser, signInAs, test, uniqueEmail } from './fixtures';

/** Interface text as the admin app shows it, from the same catalogue. */
const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('a new organiser registers, creates a community and lands on an empty mobilization list', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: t('auth.registerTitle') })).toBeVisible();
  await expectAccessible(page, 'register');
  await page.getByLabel(t('auth.name'), { exact: true }).fill('Joana');
  await page.getByLabel(t('auth.email')).fill(uniqueEmail('joana'));
  await page.getByLabel(t('auth.password'), { exact: true }).fill('senha-segura-123');
  await page.getByLabel(t('auth.passwordConfirmation')).fill('senha-segura-123');
  await page.getByRole('button', { name: t('auth.submitRegister') }).click();

  await expect(page.getByRole('heading', { name: t('communities.newTitle') })).toBeVisible();
  await expectAccessible(page, 'new community');
  await page.getByLabel(t('communities.name')).fill('Coletivo da Praça');
  await page.getByLabel(t('communities.city')).fill('Olinda');
  await page.getByRole('button', { name: t('communities.submitNew') }).click();

  await expect(page).toHaveURL(/\/mobilizations$/);
  await expect(page.getByText(t('mobilizations.empty'))).toBeVisible();
  await expect(page.getByText('Coletivo da Praça').first()).toBeVisible();
  await expectAccessible(page, 'empty mobilization list');
});

test('registration shows each field’s error in place and keeps what was typed', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(t('auth.email')).fill('nao-e-email');
  await page.getByRole('button', { name: t('auth.submitRegister') }).click();
  await expect(page.getByText(t('validation.emailInvalid'))).toBeVisible();
  await expect(page.getByLabel(t('auth.email'))).toHaveValue('nao-e-email');
  await expectAccessible(page, 'register with errors');
});

test('signing out, then in again, returns to the page that asked for it', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Rita', communities: [{ name: 'Rede Rita' }] });
  await page.goto('/account/edit');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fedit/);
  await expectAccessible(page, 'login');
  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill(user.password);
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page).toHaveURL(/\/account\/edit$/);
  await expect(page.getByRole('heading', { name: t('account.title') })).toBeVisible();

  await page.getByRole('button', { name: t('sidebar.signOut') }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/account/edit');
  await expect(page).toHaveURL(/\/login\?next=/);
});

test('signing out removes both cookies: the session and the chosen community', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Edu', communities: [{ name: 'Rede Edu' }] });
  await signInAs(page, user, 'Rede Edu');
  const names = async () => (await page.context().cookies()).map((c) => c.name).sort();
  expect(await names()).toEqual(['community', 'session']);
  const session = (await page.context().cookies()).find((c) => c.name === 'session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.getByRole('button', { name: t('sidebar.signOut') }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await names()).toEqual([]);
});

test('routing: a user without a community is sent to create one, and a signed-in user never sees /register', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, { firstName: 'Ana' });
  await signInAs(page, user);
  await expect(page).toHaveURL(/\/communities\/new$/);
  for (const path of ['/', '/mobilizations', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/communities\/new$/);
  }
  await page.getByLabel(t('communities.name')).fill('Rede Ana');
  await page.getByLabel(t('communities.city')).fill('Belém');
  await page.getByRole('button', { name: t('communities.submitNew') }).click();
  await expect(page).toHaveURL(/\/mobilizations$/);
  // With a user and a community, / and /register both land on the mobilization list.
  for (const path of ['/', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/mobilizations$/);
  }
});

test("the 'Ops!' toast stays until closed; success toasts close by themselves after 5 s", async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Gil', communities: [{ name: 'Rede Gil' }] });
  await signInAs(page, user, 'Rede Gil');
  await page.goto('/account/edit');
  const toasts = page.locator('.mantine-Notification-root');

  await page.getByLabel(t('account.lastName')).fill('Souza');
  await page.getByRole('button', { name: t('account.submit') }).click();
  const success = toasts.filter({ hasText: t('toast.accountSaved') });
  await expect(success).toBeVisible();
  const shown = Date.now();
  await expect(success).toBeHidden({ timeout: 8_000 });
  const lasted = Date.now() - shown;
  expect(lasted).toBeGreaterThan(4_000);
  expect(lasted).toBeLessThan(7_500);

  // The server fails once: the generic request-error toast appears, and stays past the 5 s of a success.
  await page.route('**/api/users/me', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 502, contentType: 'application/json', body: '{"errors":["Bad gateway"]}' })
      : route.continue(),
  );
  await page.getByLabel(t('account.lastName')).fill('Santos');
  await page.getByRole('button', { name: t('account.submit') }).click();
  const ops = toasts.filter({ hasText: t('toast.requestErrorTitle') });
  await expect(ops).toBeVisible();
  await expect(ops).toContainText(t('toast.requestErrorMessage'));
  await expectAccessible(page, 'request-error toast');
  await page.waitForTimeout(6_500);
  await expect(ops).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel(t('account.lastName'))).toHaveValue('Santos');
  await ops.getByRole('button', { name: t('app.close') }).click();
  await expect(ops).toBeHidden();
});

test('a wrong password offers recovery; the e-mailed link sets a new password once', async ({ page, request }) => {
  // Four password hashes (two resets, two sign-ins) take most of 30 s on two busy cores.
  test.setTimeout(60_000);
  const user = await seedUser(request, { firstName: 'Bia', communities: [{ name: 'Rede Bia' }] });
  await page.goto('/login');
  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill('senha-errada-000');
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page.getByText(t('errors.incorrectPassword'))).toBeVisible();
  await expectAccessible(page, 'login with wrong password');

  await page
    .getByRole('link', { name: t('auth.forgotPassword') })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: t('auth.recoverTitle') })).toBeVisible();
  await expect(page.getByLabel(t('auth.email'))).toHaveValue(user.email);
  await expectAccessible(page, 'recover password');
  await page.getByRole('button', { name: t('auth.submitRecover') }).click();
  await expect(page.getByText(t('toast.recoverySent'))).toBeVisible();

  // The sandbox mail driver keeps the message; its page lists it with the link.
  await page.goto('/dev/mailbox');
  await expectAccessible(page, 'sandbox mailbox');
  const link = page.getByRole('link', { name: /reset-password\?token=/ }).first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  await page.goto(href);
  await expect(page.getByRole('heading', { name: t('auth.resetTitle') })).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.getByLabel(t('auth.password'), { exact: true }).fill('nova-senha-456');
  await page.getByLabel(t('auth.passwordConfirmation')).fill('nova-senha-456');
  await page.getByRole('button', { name: t('auth.submitReset') }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill(user.password);
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page.getByText(t('errors.incorrectPassword'))).toBeVisible();
  await page.getByLabel(t('auth.password')).fill('nova-senha-456');
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page).toHaveURL(/\/(communities|mobilizations)$/);

  // The link works once.
  await page.goto(href);
  await page.getByLabel(t('auth.password'), { exact: true }).fill('outra-senha-789');
  await page.getByLabel(t('auth.passwordConfirmation')).fill('outra-senha-789');
  await page.getByRole('button', { name: t('auth.submitReset') }).click();
  await expect(page.getByText(t('errors.resetLinkInvalid'))).toBeVisible();
});

test('an organiser of two communities switches between them, and the choice survives a reload', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, {
    firstName: 'Caio',
    communities: [{ name: 'Bicicletada Norte' }, { name: 'Horta do Bairro' }],
  });
  await page.goto('/login');
  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill(user.password);
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page.getByText(t('communities.chooseTitle'))).toBeVisible();
  await expectAccessible(page, 'choose community');
  await page.getByRole('button', { name: t('communities.choose', { name: 'Horta do Bairro' }) }).click();
  await expect(page).toHaveURL(/\/mobilizations/);
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });
  await expect(page.getByText('Horta do Bairro').first()).toBeVisible();

  await page.getByRole('link', { name: t('communities.switch') }).click();
  await page.getByRole('button', { name: t('communities.choose', { name: 'Bicicletada Norte' }) }).click();
  await expect(page.getByText('Bicicletada Norte').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Bicicletada Norte').first()).toBeVisible();
  await expect(sidebar).toBeVisible();
});

test('account: name, e-mail and photo are saved and shown after a reload', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Lia', communities: [{ name: 'Rede Lia' }] });
  await page.goto('/login?next=%2Faccount%2Fedit');
  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill(user.password);
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page.getByRole('heading', { name: t('account.title') })).toBeVisible();
  await expectAccessible(page, 'account');

  await page.getByLabel(t('account.email')).fill('nao-e-email');
  await page.getByRole('button', { name: t('account.submit') }).click();
  await expect(page.getByText(t('validation.emailInvalid'))).toBeVisible();

  const email = uniqueEmail('lia-nova');
  await page.getByLabel(t('account.firstName'), { exact: true }).fill('Lia Maria');
  await page.getByLabel(t('account.email')).fill(email);
  await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();
  // A new e-mail asks for the current password, and is refused without the right one.
  // The details form comes first; the password change below has its own 'Senha atual' (account.spec.ts).
  const current = page.locator('form').first().getByLabel(t('account.currentPassword'));
  await expect(current).toBeVisible();
  await expectAccessible(page, 'account, e-mail change');
  await current.fill('nao-e-esta');
  await page.getByRole('button', { name: t('account.submit') }).click();
  await expect(page.getByText(t('errors.incorrectPassword'))).toBeVisible();
  await current.fill(user.password);
  await page.getByRole('button', { name: t('account.submit') }).click();
  await expect(page.getByText(t('toast.accountSaved'))).toBeVisible();
  await expect(current).toBeHidden();

  await page.reload();
  await expect(page.getByLabel(t('account.firstName'), { exact: true })).toHaveValue('Lia Maria');
  await expect(page.getByLabel(t('account.email'))).toHaveValue(email);
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();

  // 'Sign out everywhere' asks first, then ends this session too.
  await page.getByRole('button', { name: t('account.signOutEverywhere') }).click();
  const dialog = page.getByRole('dialog', { name: t('account.signOutEverywhere') });
  await expect(dialog.getByText(t('account.signOutEverywhereConfirm'))).toBeVisible();
  await expectAccessible(page, 'sign out everywhere');
  await dialog.getByRole('button', { name: t('account.signOutEverywhere') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(t('account.signOutEverywhereDone'))).toBeVisible();
  await page.goto('/account/edit');
  await expect(page).toHaveURL(/\/login\?next=/);
});

test('unknown addresses and technical problems get their own screens', async ({ page }) => {
  await page.goto('/nada-por-aqui');
  await expect(page.getByRole('heading', { name: t('pages.notFoundTitle') })).toBeVisible();
  await expectAccessible(page, 'not found');
  await page.goto('/technical-issues');
  await expect(page.getByRole('heading', { name: t('pages.technicalTitle') })).toBeVisible();
  await expect(page.getByText(t('pages.technicalText'))).toBeVisible();
  await expectAccessible(page, 'technical issues');
});

test('the interface speaks Spanish and English when chosen, and remembers it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(t('app.language')).selectOption('es');
  await expect(page.getByRole('heading', { name: translate('es', 'auth.loginTitle') })).toBeVisible();
  await expect(page.getByLabel(translate('es', 'auth.password'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(translate('es', 'auth.password'), { exact: true })).toBeVisible();
  await expectAccessible(page, 'login in Spanish');
  await page.getByLabel(translate('es', 'app.language')).selectOption('en');
  await expect(page.getByLabel(translate('en', 'auth.password'), { exact: true })).toBeVisible();
});

test('while the session loads, the app says so', async ({ page }) => {
  await page.route('**/v1/graphql', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/account/edit');
  await expect(page.getByText(t('app.loadingSession'))).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a token the server rejects, or any API 401, sends the user to the login with the address to come back to', async ({
  page,
  request,
}) => {
  const user = await seedUser(request, { firstName: 'Rui', communities: [{ name: 'Rede Rui' }] });
  await signInAs(page, user, 'Rede Rui');
  const context = page.context();
  const base = new URL(page.url()).origin;

  // A token signed with another key (spec 01 §8 'Could not verify JWT'): cleared, then the login.
  await context.addCookies([{ name: 'session', value: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjF9.forged', url: base }]);
  await page.goto('/account/edit?tab=1');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fedit%3Ftab%3D1$/);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('session');

  // The session ends while the user works: the next REST call answers 401.
  await page.getByLabel(t('auth.email')).fill(user.email);
  await page.getByLabel(t('auth.password')).fill(user.password);
  await page.getByRole('button', { name: t('auth.submitLogin') }).click();
  await expect(page).toHaveURL(/\/account\/edit\?tab=1$/);
  await expect(page.getByLabel(t('account.email'))).toHaveValue(user.email);
  await context.clearCookies({ name: 'session' });
  await page.getByLabel(t('account.lastName')).fill('Lima');
  await page.getByRole('button', { name: t('account.submit') }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fedit%3Ftab%3D1$/);
});

test('image upload: a progress bar while sending, refused files say why, a failed transfer can be retried', async ({
  page,
  request,
}) => {
  // Three uploads, a refused pair and axe twice: 26 s on CI's last run, past 30 s on a busy machine.
  test.setTimeout(60_000);
  const user = await seedUser(request, { firstName: 'Lu', communities: [{ name: 'Rede Lu' }] });
  await signInAs(page, user, 'Rede Lu');
  await page.goto('/account/edit');
  const file = page.locator('input[type="file"]');
  const alert = page.getByRole('alert');
  const retry = page.getByRole('button', { name: t('upload.retry') });

  // Checked in the browser before anything is sent: only images, at most 8 MB.
  await file.setInputFiles({ name: 'ata.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(alert).toHaveText(t('upload.onlyImages'));
  const big = Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]);
  await file.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
  await expect(alert).toHaveText(t('upload.tooLarge', { mb: 8 }));
  await expect(retry).toHaveCount(0);

  // Bytes that only claim to be an image are refused by the server; sending them again would not help.
  await file.setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(alert).toContainText(t('upload.onlyImages'));
  await expect(retry).toHaveCount(0);

  // The transfer fails on the way: the error offers a retry, which sends the same file again.
  await page.route('**/uploads/**', (route) =>
    route.request().method() === 'PUT' ? route.abort('connectionreset') : route.continue(),
  );
  await file.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(alert).toContainText(t('upload.failed'));
  await expectAccessible(page, 'upload error');
  await page.unroute('**/uploads/**');

  // While the bytes travel, a 0–100 progress bar is shown.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/uploads/**', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await retry.click();
  const bar = page.getByRole('progressbar', { name: t('upload.progressLabel') });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  release();
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(alert).toHaveCount(0);
});
