import { translate } from '@mutirao/core';
import type { Page, Route } from '@playwright/test';
import { addBlock, DESKTOP, PHONE, visitorAt } from './campaignPage';
import { fillCard, fillDonor, seedDonationPage } from './donor';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

/*
 * Submissions on a flaky phone network (issue 35): the browser set offline mid-submit, and a server whose answer is
 * lost after it committed. The widget keeps what was filled in, says so, sends the same submission again with the
 * same Idempotency-Key, and the server stores (or charges) it exactly once.
 */

test.use({ actionTimeout: 15_000 });

const o = (key: string) => translate('pt-BR', `offline.${key}`);
const d = (key: string, params?: Record<string, string>) => translate('pt-BR', `kinds.donation.${key}`, params);

/**
 * Lets the next request to `pattern` reach the server and commit, then drops the connection before its answer reaches
 * the browser, as a mobile network that fails at the wrong moment. Resolves with the answer the browser never saw.
 */
async function dropAnswerOnce(visitor: Page, pattern: string) {
  let lost: (status: number) => void = () => {};
  const answered = new Promise<number>((resolve) => (lost = resolve));
  await visitor.route(
    pattern,
    async (route: Route) => {
      // Node cannot resolve the page's *.localhost name as the browser does: the same request, to the loopback address.
      const url = new URL(route.request().url());
      const host = url.host;
      url.hostname = '127.0.0.1';
      const response = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
      lost(response.status());
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  return answered;
}

/** Every answer to `pattern` the browser gets, with whether the server replayed it. */
function answersTo(visitor: Page, pattern: RegExp) {
  const seen: { status: number; replayed: boolean }[] = [];
  visitor.on('response', (response) => {
    if (pattern.test(response.url()) && response.request().method() === 'POST')
      seen.push({ status: response.status(), replayed: response.headers()['idempotent-replayed'] === 'true' });
  });
  return seen;
}

test('a sign-up sent offline waits, keeps its answers, and is stored once when the network is back or the answer is lost', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Rede',
    community: { name: 'Coletivo Rede Instável', city: 'Recife' },
    page: { name: 'Horta no morro', goal: 'Juntar gente', slugPrefix: 'rede-instavel' },
  });
  await addBlock(page.request, mobilization.id, 'Assine', {
    kind: 'form',
    settings: {
      call_to_action: 'Assine pela horta',
      button_text: 'Assinar',
      finish_message_type: 'share',
      count_text: 'pessoas assinaram',
      fields: JSON.stringify([
        { uid: 'f-nome', kind: 'text', label: 'Nome', placeholder: '', required: 'true' },
        { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
      ]),
    },
  });
  const widgets = await page.request.get(`/api/mobilizations/${mobilization.id}/widgets?kind=form`);
  const [form] = (await widgets.json()) as { id: number }[];
  if (!form) throw new Error('no form widget');
  const entries = async () =>
    ((await (await request.get(`/api/widgets/${form.id}/form_entries_count`)).json()) as { form_entries_count: number })
      .form_entries_count;
  const port = new URL(page.url()).port;

  // Offline at the moment of sending, on a phone.
  const visitor = await visitorAt(browser, PHONE, `http://${mobilization.slug}.localhost:${port}/`);
  const answers = answersTo(visitor, /\/form_entries$/);
  const widget = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'Assine pela horta' }) });
  await widget.getByRole('textbox', { name: 'Nome' }).fill('Iara Monteiro');
  await widget.getByRole('textbox', { name: 'E-mail' }).fill('iara@example.org');
  await visitor.context().setOffline(true);
  await widget.getByRole('button', { name: 'Assinar' }).click();
  const notice = widget.getByRole('status').filter({ hasText: o('offline') });
  await expect(notice).toBeVisible();
  await expect(widget.getByRole('textbox', { name: 'Nome' })).toHaveValue('Iara Monteiro');
  await expect(widget.getByRole('textbox', { name: 'E-mail' })).toHaveValue('iara@example.org');
  await expectAccessible(visitor, 'public form waiting offline');
  await widget.screenshot({ path: test.info().outputPath('offline-390.png') });
  // Back online: the browser's `online` event sends it at once.
  await visitor.context().setOffline(false);
  await expect(visitor.locator('.mz-form-widget__done')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await entries()).toBe(1);
  expect(answers).toEqual([{ status: 201, replayed: false }]);
  await visitor.context().close();

  // The answer lost after the server committed, on a desktop: the retry gets the first answer, nothing is stored again.
  const second = await visitorAt(browser, DESKTOP, `http://${mobilization.slug}.localhost:${port}/`);
  const secondAnswers = answersTo(second, /\/form_entries$/);
  const lost = dropAnswerOnce(second, '**/form_entries');
  const again = second.locator('form', { has: second.getByRole('heading', { name: 'Assine pela horta' }) });
  await again.getByRole('textbox', { name: 'Nome' }).fill('Beto Lima');
  await again.getByRole('textbox', { name: 'E-mail' }).fill('beto@example.org');
  await again.getByRole('button', { name: 'Assinar' }).click();
  expect(await lost).toBe(201);
  await expect(second.locator('.mz-form-widget__done')).toBeVisible();
  await expect(second.getByText('2 pessoas assinaram')).toBeVisible();
  expect(secondAnswers).toEqual([{ status: 201, replayed: true }]);
  expect(await entries()).toBe(2);
});

test('a donation whose answer is lost, offline and then after the charge, is charged exactly once', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await seedDonationPage(request, 'Cozinha Rede Instável', { offer: false });
  const port = new URL(baseURL ?? '').port;
  const donations = async () =>
    (
      (await (await request.get(`/api/widgets/${page.widget_id}/donation`)).json()) as {
        stats: { total_donations: number };
      }
    ).stats.total_donations;
  expect(await donations()).toBe(0);

  const visitor = await visitorAt(browser, PHONE, `http://${page.slug}.localhost:${port}/`);
  const answers = answersTo(visitor, /\/donations$/);
  await visitor.getByRole('button', { name: 'Quero doar' }).click();
  await fillDonor(visitor);
  await visitor.getByRole('button', { name: d('continue') }).click();
  await fillCard(visitor, '4111 1111 1111 1111');

  // Offline when paying: nothing leaves, the widget says so and keeps the card.
  await visitor.context().setOffline(true);
  await visitor.getByRole('button', { name: d('pay', { amount: 'R$ 50' }) }).click();
  await expect(visitor.getByRole('status').filter({ hasText: o('offline') })).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue('4111 1111 1111 1111');
  await expectAccessible(visitor, 'donation payment waiting offline');

  // Back online, the charge goes through but its answer is lost; the retry after it gets the first answer.
  const lost = dropAnswerOnce(visitor, '**/donations');
  await visitor.context().setOffline(false);
  expect(await lost).toBe(201);
  await expect(visitor.locator('.mz-form-widget__done')).toBeVisible();
  expect(answers).toEqual([{ status: 201, replayed: true }]);
  expect(await donations()).toBe(1);
});
