import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

/**
 * Words of English interface text that never appear in Portuguese (case as written), and codes shown raw: a text
 * that is nothing but an enum value ('pressure-target', 'password_reset').
 */
const ENGLISH =
  /\b(the|The|Toggle|Incorrect|Nothing found|Name|Submit|Close|Sorry|Failed|Unauthorized|password|Password|Loading|Search|Next|Previous|Cancel|Save|Delete|Remove|Show|Hide)\b/;
const RAW_CODE = /^[a-z]+(?:[_-][a-z]+)+$/;

/** What a person sees or hears on the screen: visible text, and the names, hints and titles of its elements. */
function interfaceText(page: Page) {
  return page.evaluate(() => {
    const hidden = (el: Element) => el.closest('[aria-hidden="true"], script, style, template') !== null;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode.textContent?.trim();
      const parent = walker.currentNode.parentElement;
      if (text && parent && !hidden(parent) && parent.checkVisibility()) found.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description]'))
      if (!hidden(el))
        for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
          const value = el.getAttribute(name);
          if (value) found.push(`${name}="${value}"`);
        }
    return found;
  });
}

test('the login screen answers a wrong password in the visitor language and names its password toggle', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await seedUser(request, { firstName: 'Lia' });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha').fill('not-the-password');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Senha incorreta')).toBeVisible();
  await expect(page.getByText('Incorrect password')).toHaveCount(0);

  // The show-password toggle has a Portuguese name, and says whether the characters show.
  const toggle = page.getByRole('button', { name: 'Mostrar caracteres' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Senha')).toHaveAttribute('type', 'text');
  expect((await interfaceText(page)).filter((text) => ENGLISH.test(text))).toEqual([]);
  await expectAccessible(page, 'login with a wrong password');

  const spanish = await (await browser.newContext({ locale: 'es' })).newPage();
  await spanish.goto(page.url());
  await spanish.getByLabel(translate('es', 'auth.email')).fill(user.email);
  await spanish.getByLabel(translate('es', 'auth.password')).fill('not-the-password');
  await spanish.getByRole('button', { name: translate('es', 'auth.submitLogin'), exact: true }).click();
  await expect(spanish.getByText('Contraseña incorrecta')).toBeVisible();
  await expect(spanish.getByRole('button', { name: 'Mostrar caracteres' })).toBeVisible();
  await spanish.context().close();
});

test("a public counter reads '1 pessoa já assinou' after the first sign-up", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const user = await seedUser(request, {
    firstName: 'Cida',
    communities: [{ name: 'Coletivo Contagem', formEntries: 0 }],
  });
  const community = user.communities[0];
  if (!community?.form) throw new Error('seed made no form page');
  await signInAs(page, user, community.name);

  // The organiser writes the usual counter text in the form's Ajustes.
  const { mobilization_id: mobilizationId, widget_id: widgetId, slug } = community.form;
  await page.goto(`/mobilizations/${mobilizationId}/widgets/${widgetId}/form`);
  await page.getByLabel('Texto do contador').fill('pessoas já assinaram');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Formulário configurado com sucesso!')).toBeVisible();

  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${slug}.localhost:${port}/`);
  const form = visitor.locator('form.mz-form');
  await expect(visitor.getByText('0 pessoas já assinaram')).toBeVisible();
  await form.getByLabel('Nome').fill('Rosa Vizinha');
  await form.getByLabel('E-mail').fill(`rosa-${Date.now().toString(36)}@example.org`);
  await form.getByLabel('Como você quer ajudar?').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Quero participar' }).click();
  await expect(visitor.getByText('1 pessoa já assinou')).toBeVisible();
  await expect(visitor.getByText('1 pessoas já assinaram')).toHaveCount(0);
  await expectAccessible(visitor, 'public form after the first sign-up');
  await visitor.context().close();
});

test('the main admin screens in pt-BR show no English, on screen or in names, hints and titles', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await seedUser(request, {
    firstName: 'Bia',
    communities: [{ name: 'Coletivo Sem Inglês', formEntries: 3, pressurePage: true }],
  });
  const community = user.communities[0];
  if (!community?.form || !community.pressure_page) throw new Error('seed made no pages');
  const { form, pressure_page: pressure } = community;

  // A visitor presses, so the sandbox mailbox holds e-mails to the targets.
  const filled = await request.post(`/api/widgets/${pressure.widget_id}/fill`, {
    data: {
      fill: {
        activist: { firstname: 'Iara', lastname: 'Monteiro', email: `iara-${Date.now().toString(36)}@example.org` },
        mail: { subject: 'Tarifa zero já', body: 'Aprovem a tarifa zero aos domingos.' },
      },
      website: '',
    },
  });
  expect(filled.status(), await filled.text()).toBe(201);

  await signInAs(page, user, community.name);
  const screens = [
    '/mobilizations',
    '/mobilizations/new',
    '/mobilizations/templates/list',
    `/mobilizations/${form.mobilization_id}/edit`,
    `/mobilizations/${form.mobilization_id}/settings/basics`,
    `/mobilizations/${form.mobilization_id}/settings/sharing`,
    `/mobilizations/${form.mobilization_id}/settings/design`,
    `/mobilizations/${form.mobilization_id}/settings/metrics`,
    `/mobilizations/${form.mobilization_id}/widgets/${form.widget_id}/form`,
    `/mobilizations/${form.mobilization_id}/widgets/${form.widget_id}/form/fields`,
    `/mobilizations/${form.mobilization_id}/widgets/${form.widget_id}/form/export`,
    `/mobilizations/${pressure.mobilization_id}/widgets/${pressure.widget_id}/pressure/email`,
    `/mobilizations/${pressure.mobilization_id}/widgets/${pressure.widget_id}/pressure/delivery`,
    '/activists',
    '/bot',
    '/community/info',
    '/community/mailchimp',
    '/community/mobilizers',
    '/community/twilio',
    '/community/recipient',
    '/community/metrics',
    '/community/report',
    '/community/domain',
    '/account/edit',
    '/dev/mailbox',
  ];
  const english: string[] = [];
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.locator('#main-content h1').first()).toBeVisible();
    // Lists and figures arrive after the frame: wait until nothing is loading.
    await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
    for (const text of await interfaceText(page)) {
      // Addresses are not words: a reset link another journey mailed ends in '/reset-password'.
      const words = text.replace(/https?:\/\/\S+/g, '');
      if (ENGLISH.test(words) || RAW_CODE.test(words)) english.push(`${screen}: ${text}`);
    }
  }
  expect(english).toEqual([]);
  // The mailbox names each e-mail's kind in Portuguese.
  await expect(page.getByText('Pressão para um alvo').first()).toBeVisible();

  // A refusal beside the members list can be dismissed with a named button (Mantine gives it no name).
  await page.goto('/community/mobilizers');
  await page.getByRole('button', { name: 'Sair da comunidade' }).click();
  await page.getByRole('dialog', { name: 'Sair da comunidade?' }).getByRole('button', { name: 'Confirmar' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'ao menos uma pessoa na administração' });
  await refusal.getByRole('button', { name: 'Fechar' }).click();
  await expect(refusal).toHaveCount(0);
});
