import { translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const es = (key: string, params?: Record<string, string | number>) => translate('es', key, params);

test('a page in Spanish speaks Spanish to its visitors: the form, its validation messages and the share screen', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await seedUser(request, {
    firstName: 'Lola',
    communities: [{ name: 'Colectivo Lola', formEntries: 0 }],
  });
  const community = user.communities[0];
  const form = community?.form;
  if (!community || !form) throw new Error('seed made no form page');
  await signInAs(page, user, community.name);
  const res = await page.request.put(`/api/mobilizations/${form.mobilization_id}`, {
    data: { mobilization: { language: 'es' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  // After signing, the visitor gets the share screen (the seeded form ends with a message of its own).
  const widgets = (await (await page.request.get(`/api/mobilizations/${form.mobilization_id}/widgets`)).json()) as {
    id: number;
    settings: Record<string, unknown>;
  }[];
  const settings = widgets.find((w) => w.id === form.widget_id)?.settings ?? {};
  const share = await page.request.put(`/api/mobilizations/${form.mobilization_id}/widgets/${form.widget_id}`, {
    data: { widget: { settings: { ...settings, finish_message_type: 'share' } } },
  });
  expect(share.status(), await share.text()).toBe(200);

  const port = new URL(page.url()).port;
  const visitor = await (
    await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } })
  ).newPage();
  await visitor.goto(`http://${form.slug}.localhost:${port}/`);
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
  await expect(visitor.getByRole('button', { name: es('widgets.menu') })).toBeVisible();
  const submit = visitor.locator('form.mz-form button[type=submit]');
  await expect(submit).toBeVisible();
  // The visitor's own browser language is Portuguese: the page's language still decides.
  await expect(visitor.getByText(es('formView.selectPlaceholder'))).toBeAttached();

  // A wrong e-mail and a blank name: each is named in Spanish.
  await visitor.getByLabel('E-mail').fill('lola-sin-arroba', { timeout: 10_000 });
  // Sending an invalid form (Enter) lists what is wrong.
  await visitor.getByLabel('E-mail').press('Enter');
  await expect(visitor.getByText(es('formView.errorsTitle'))).toBeVisible();
  await expect(visitor.getByText(es('formWidget.fieldBlank', { label: 'Nome' })).first()).toBeVisible();
  await expect(visitor.getByText(es('formWidget.fieldInvalid', { label: 'E-mail' })).first()).toBeVisible();
  await expectAccessible(visitor, 'Spanish page, form errors');

  // Filled in: the share screen is in Spanish too.
  await visitor.getByLabel('Nome').fill('Lola Flores', { timeout: 10_000 });
  await visitor.getByLabel('E-mail').fill(`lola-${Date.now()}@example.org`);
  await visitor.getByLabel('Como você quer ajudar?').selectOption({ index: 1 }, { timeout: 10_000 });
  await submit.click({ timeout: 10_000 });
  await expect(visitor.getByText(es('actionWidget.shareTitle'))).toBeVisible();
  await expect(visitor.getByRole('link', { name: new RegExp(es('shareScreen.whatsapp')) })).toBeVisible();
  await expectAccessible(visitor, 'Spanish page, share screen');
});
