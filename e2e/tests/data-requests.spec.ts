import { translate } from '@mutirao/core';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, seedUser, signInAs, test, uniqueEmail } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

/** The last data-request link the sandbox mailbox holds for that address. */
async function mailedLink(request: APIRequestContext, email: string, subject: string) {
  let link: string | undefined;
  await expect(async () => {
    const box = (await (await request.get('/api/dev/mailbox')).json()) as {
      messages: { to: string; subject: string; text: string }[];
    };
    link = box.messages
      .filter((m) => m.to === email && m.subject === subject)
      .map((m) => m.text.match(/https?:\/\/\S+\/privacy\/requests\/[\w-]+/)?.[0])
      .find(Boolean);
    expect(link).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return link as string;
}

test('a visitor acts under the consent notice, gets a copy of their data, then erases it by the e-mailed link', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await seedUser(request, { firstName: 'Dora', communities: [{ name: 'Rede Dora', formEntries: 0 }] });
  const slug = user.communities[0]?.form?.slug;
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost').port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();

  // The public form shows what acting agrees to, with the way to one's data.
  await visitor.goto(`http://${slug}.localhost:${port}/`);
  const form = visitor.locator('form.mz-form');
  await expect(form.getByText(t('formView.consent'))).toBeVisible();
  const email = uniqueEmail('dora-visitante');
  await form.getByLabel('Nome').fill('Dora Visitante');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Como você quer ajudar?').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Quero participar' }).click();
  await expect(visitor.locator('.mz-form-widget__done')).toBeVisible();
  await visitor.goto(`http://${slug}.localhost:${port}/`);
  await form.getByRole('link', { name: t('formView.consentLink') }).click();

  // The request form, on the admin host: bad input is named on its field; then a copy is asked for.
  await expect(visitor.getByRole('heading', { name: t('dataRequests.title'), level: 1 })).toBeVisible();
  await expect(visitor).toHaveURL(/\/privacy\?mobilization=\d+$/);
  await visitor.getByRole('button', { name: t('dataRequests.submit') }).click();
  await expect(visitor.getByText(t('dataRequests.emailRequired'))).toBeVisible();
  await expect(visitor.getByText(t('dataRequests.kindRequired'))).toBeVisible();
  await expectAccessible(visitor, 'data request form with errors');
  await visitor.getByLabel(t('dataRequests.emailLabel')).fill(email);
  await visitor.getByRole('radio', { name: t('dataRequests.kindAccess') }).check();
  await visitor.getByRole('button', { name: t('dataRequests.submit') }).click();
  await expect(visitor.getByRole('status').filter({ hasText: t('dataRequests.sent', { hours: 24 }) })).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath('data-request-sent.png'), fullPage: true });

  // The mailed link opens the copy.
  await visitor.goto(await mailedLink(request, email, t('dataRequests.mailSubjectAccess', { community: 'Rede Dora' })));
  await expect(
    visitor.getByRole('heading', { name: t('dataRequests.accessTitle', { community: 'Rede Dora' }) }),
  ).toBeVisible();
  await expectAccessible(visitor, 'data request: the copy');
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: t('dataRequests.downloadJson') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);

  // Erasure: asked for, mailed, confirmed twice (the link, then the dialog), then the link is spent.
  await visitor.goto(`http://localhost:${port}/privacy?mobilization=${user.communities[0]?.form?.mobilization_id}`);
  await visitor.getByLabel(t('dataRequests.emailLabel')).fill(email);
  await visitor.getByRole('radio', { name: t('dataRequests.kindErasure') }).check();
  await visitor.getByRole('button', { name: t('dataRequests.submit') }).click();
  await expect(visitor.getByRole('status').filter({ hasText: t('dataRequests.sent', { hours: 24 }) })).toBeVisible();
  const erasure = await mailedLink(request, email, t('dataRequests.mailSubjectErasure', { community: 'Rede Dora' }));
  await visitor.goto(erasure);
  await visitor.getByRole('button', { name: t('dataRequests.erasureButton') }).click();
  const dialog = visitor.getByRole('dialog', { name: t('dataRequests.erasureConfirmTitle') });
  await expect(dialog.getByRole('button', { name: t('dataRequests.cancel') })).toBeFocused();
  await expectAccessible(visitor, 'data request: confirm erasure');
  await visitor.screenshot({ path: test.info().outputPath('data-request-erase.png'), fullPage: true });
  await dialog.getByRole('button', { name: t('dataRequests.erasureConfirm') }).click();
  await expect(visitor.getByRole('status').filter({ hasText: t('dataRequests.erased') })).toBeVisible();
  await visitor.goto(erasure);
  await expect(visitor.getByText(t('dataRequests.invalid'))).toBeVisible();

  // The organiser no longer finds the person, and the erasure is on record as the person's own request.
  await signInAs(page, user, 'Rede Dora');
  await page.goto(`/activists?q=${encodeURIComponent(email)}`);
  await expect(page.getByText(t('activists.count', { count: 0 }))).toBeVisible();
});
