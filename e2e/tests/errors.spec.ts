import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

/** The 'Ops!' toast (spec 01 §8), with the generic text or the server's own words. */
const toast = (page: Page, text: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: t('toast.requestErrorTitle') })
    .filter({ hasText: text });

/** Closes the 'Ops!' toast, so the next failure is seen to bring its own. */
const closeToast = async (page: Page) => {
  const shown = page.getByRole('alert').filter({ hasText: t('toast.requestErrorTitle') });
  await shown.getByRole('button', { name: t('app.close') }).click();
  await expect(shown).toHaveCount(0);
};

test('every failed request ends in a message the user can read, and nothing is thrown uncaught', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  const user = await seedUser(request, {
    firstName: 'Erro',
    communities: [{ name: 'Coletivo Erro', city: 'Recife', mobilizations: 1 }],
  });
  await signInAs(page, user, 'Coletivo Erro');

  // Invalid input: 'Testar conexão' with a malformed key says why under the key, in the user's language.
  await page.goto('/community/mailchimp');
  const key = page.getByLabel(t('mailchimp.apiKey'));
  await key.fill('abc');
  await page.getByRole('button', { name: t('mailchimp.test') }).click();
  await expect(key).toHaveAccessibleDescription(new RegExp(t('mailchimp.apiKeyInvalid').replace(/[()]/g, '.')));
  await expectAccessible(page, 'Mailchimp test refused');
  // A refusal only the server knows (no key saved yet) lands on the field too.
  await key.fill('');
  await page.getByLabel(t('mailchimp.listId')).fill('abc123');
  await page.getByRole('button', { name: t('mailchimp.test') }).click();
  await expect(key).toHaveAccessibleDescription(new RegExp(t('mailchimp.apiKeyRequired')));

  // A server error on a REST call: the generic 'Ops!' toast.
  await key.fill(`${'c3'.repeat(16)}-us21`);
  await page.getByRole('button', { name: t('mailchimp.save') }).click();
  await expect(page.getByText(t('mailchimp.saved'))).toBeVisible();
  await page.route('**/api/communities/*/resync_mailchimp.json', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: t('mailchimp.resync') }).click();
  await expect(toast(page, t('toast.requestErrorMessage'))).toBeVisible();
  await closeToast(page);

  // A server error on a GraphQL query: the same toast, beside the screen's own alert.
  await page.route('**/v1/graphql', async (route) =>
    route.request().postDataJSON()?.operationName === 'Mobilizations'
      ? route.fulfill({ status: 500, body: '' })
      : route.fallback(),
  );
  await page.goto('/mobilizations');
  await expect(toast(page, t('toast.requestErrorMessage'))).toBeVisible();
  await page.unroute('**/v1/graphql');
  await closeToast(page);

  // A refusal no screen places (a mutation from a menu): the server's own words under 'Ops!'.
  await page.reload();
  await page.route('**/api/mobilizations/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"errors":["Sem permissão"]}' })
      : route.fallback(),
  );
  const more = t('mobilizationList.moreActions', { name: '' }).replace(/"+$/, '');
  await page.getByRole('button', { name: more }).first().click();
  await page.getByRole('menuitem', { name: t('mobilizationList.archive') }).click();
  await expect(toast(page, 'Sem permissão')).toBeVisible();
  await expectAccessible(page, 'a refusal in a toast');

  expect(uncaught).toEqual([]);
});
