import { serializeFormFields, translate } from '@mutirao/core';
import type { APIRequestContext, Page } from '@playwright/test';
import { addBlock, content, DESKTOP, PHONE, visitorAt } from './campaignPage';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

/*
 * The anti-spam challenge (issue 35). On: a bot's direct POST is refused with the catalogue's message, while a person
 * filling the form in the browser passes (the page solves the challenge in the background). Off: nothing changes.
 * And a page that switched it on by itself after a burst: the person's widget is refused once, solves and resends.
 */

test.use({ actionTimeout: 15_000 });

const a = (key: string, params?: Record<string, string | number>) => translate('pt-BR', `antispam.${key}`, params);

/** A page with a sign-up form, built through the API by a new organiser (signed in on `page`). */
async function formPage(page: Page, request: APIRequestContext, tag: string) {
  const { community, mobilization } = await organiserWithPage(page, request, {
    firstName: 'Antispam',
    community: { name: `Coletivo Antispam ${tag}`, city: 'Recife' },
    page: { name: `Página anti-spam ${tag}`, goal: 'Reunir assinaturas', slugPrefix: `antispam-${tag}` },
  });
  await addBlock(page.request, mobilization.id, 'Quem somos', content('Um coletivo pela tarifa zero'));
  await addBlock(page.request, mobilization.id, 'Assine', {
    kind: 'form',
    settings: {
      call_to_action: 'Assine o manifesto',
      button_text: 'Assinar',
      finish_message_type: 'share',
      count_text: 'pessoas assinaram',
      fields: serializeFormFields([
        { uid: 'f-nome', kind: 'text', label: 'Nome', placeholder: '', required: 'true' },
        { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
      ]),
    },
  });
  const res = await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`);
  const form = ((await res.json()) as { id: number; kind: string }[]).find((w) => w.kind === 'form');
  if (!form) throw new Error('no form widget');
  const port = new URL(page.url()).port;
  return { community, mobilization, formId: form.id, url: `http://${mobilization.slug}.localhost:${port}/` };
}

/** What a bot sends: the form's JSON straight to the route, with no solution. */
function botPost(request: APIRequestContext, mobilizationId: number, formId: number, email: string) {
  const fields = [
    { uid: 'f-nome', kind: 'text', label: 'Nome', value: 'Robô' },
    { uid: 'f-email', kind: 'email', label: 'E-mail', value: email },
  ];
  return request.post(`/api/mobilizations/${mobilizationId}/form_entries`, {
    data: { form_entry: { widget_id: formId, fields: JSON.stringify(fields) } },
    headers: { 'accept-language': 'pt-BR' },
  });
}

/** The form's entries, as its organiser's API counts them. */
async function entries(page: Page, formId: number) {
  const res = await page.request.get(`/api/widgets/${formId}/form_entries_count`);
  return ((await res.json()) as { form_entries_count: number }).form_entries_count;
}

async function sign(visitor: Page, name: string, email: string) {
  const form = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'Assine o manifesto' }) });
  await form.getByRole('textbox', { name: 'Nome' }).fill(name);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('button', { name: 'Assinar' }).click();
  await expect(visitor.locator('.mz-form-widget__done')).toBeVisible({ timeout: 30_000 });
}

test('on: a bot’s direct POST is refused, a person filling the form passes; off: nothing changes', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const { mobilization, formId, url } = await formPage(page, request, 'on');

  // Off (the default): a direct POST is taken as before, and the page loads no solver.
  const before = await botPost(page.request, mobilization.id, formId, 'robo-antes@example.org');
  expect(before.status()).toBe(201);
  const quiet = await visitorAt(browser, DESKTOP, url);
  const solver: string[] = [];
  quiet.on('request', (r) => {
    if (/\/_mz\/altcha\/|\/challenge$/.test(r.url())) solver.push(r.url());
  });
  await sign(quiet, 'Pessoa Antes', 'pessoa-antes@example.org');
  expect(solver).toEqual([]);
  await expect(quiet.locator('.mz-challenge')).toHaveCount(0);
  await quiet.context().close();

  // The organiser turns the challenge on in the page's settings.
  await page.goto(`/mobilizations/${mobilization.id}/settings/antispam`);
  const toggle = page.getByRole('switch', { name: a('switchLabel') });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(a('switchHelp'))).toBeVisible();
  await expect(page.getByText(a('autoHelp', { minutes: 60, count: 20, window: 5 }))).toBeVisible();
  await toggle.check();
  await page.getByRole('button', { name: translate('pt-BR', 'mobilizationSettings.submit') }).click();
  await expect(page.getByText(translate('pt-BR', 'mobilizationSettings.savedToast'))).toBeVisible();
  await expectAccessible(page, 'anti-spam settings');

  // On: the bot's direct POST is refused with the catalogue's message and the code the widget acts on.
  const refused = await botPost(page.request, mobilization.id, formId, 'robo@example.org');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ errors: [a('required')], code: 'challenge_required' });

  // A person: the page solves in the background and says so; the form goes through.
  for (const viewport of [DESKTOP, PHONE]) {
    const visitor = await visitorAt(browser, viewport, url);
    const cookies: string[] = [];
    visitor.on('response', async (r) => {
      const set = await r.headerValue('set-cookie');
      if (set) cookies.push(set);
    });
    const status = visitor.locator('.mz-challenge');
    await visitor.getByRole('heading', { name: 'Assine o manifesto' }).scrollIntoViewIfNeeded();
    await expect(status).toHaveText(a('solved'), { timeout: 30_000 });
    await expect(status).toHaveAttribute('role', 'status');
    await expectAccessible(visitor, `public page with the challenge, ${viewport.width} px`);
    await visitor.screenshot({ path: test.info().outputPath(`challenge-${viewport.width}.png`), fullPage: true });
    await sign(visitor, `Pessoa ${viewport.width}`, `pessoa-${viewport.width}@example.org`);
    // Nothing but our own origin was asked for, and no cookie was set.
    expect(cookies).toEqual([]);
    await visitor.context().close();
  }
  // The bot before, the person before, and the two people since.
  expect(await entries(page, formId)).toBe(4);

  // The refusal is on the page's Métricas tab.
  await page.goto(`/mobilizations/${mobilization.id}/settings/metrics`);
  await expect(page.getByRole('heading', { name: a('refusedTitle') })).toBeVisible();
  await expect(page.getByRole('list', { name: a('refusedTitle') })).toContainText(a('refusedTotal'));
  await expect(page.getByRole('list', { name: a('refusedTitle') })).toContainText('1');
  await expectAccessible(page, 'metrics with anti-spam refusals');
});

test('switched on by itself after a burst: the person’s widget is refused once, solves and resends', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const { mobilization, formId, url } = await formPage(page, request, 'auto');
  // The page's own switch stays off. Twenty actions from one network are fine; the twenty-first switches it on.
  for (let i = 0; i < 20; i += 1) {
    expect((await botPost(page.request, mobilization.id, formId, `robo-${i}@example.org`)).status()).toBe(201);
  }
  expect((await botPost(page.request, mobilization.id, formId, 'robo-21@example.org')).status()).toBe(403);

  // The visitor's page says nothing of it (its setting is off): the first send is refused, the widget solves the
  // challenge, says so, and sends again on its own.
  const visitor = await visitorAt(browser, DESKTOP, url);
  const posts: number[] = [];
  visitor.on('response', (r) => {
    if (r.url().endsWith('/form_entries')) posts.push(r.status());
  });
  await sign(visitor, 'Pessoa Depois', 'pessoa-depois@example.org');
  expect(posts).toEqual([403, 201]);
  await expect(visitor.locator('.mz-challenge')).toHaveText(a('solved'));
  expect(await entries(page, formId)).toBe(21);

  // The Anti-spam tab says it is on by itself.
  await page.goto(`/mobilizations/${mobilization.id}/settings/antispam`);
  const autoOn = a('autoOn', { time: '|' }).split('|')[0] ?? '';
  await expect(page.getByRole('status').filter({ hasText: autoOn })).toBeVisible();
});
