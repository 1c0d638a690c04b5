import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@mutirao/core';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { buildCampaign, DESKTOP, PHONE } from './campaignPage';
import { fillCard, fillDonor } from './donor';
import {
  createMobilizationThroughApi,
  expect,
  expectAccessible,
  type SeededUser,
  seedUser,
  signInAs,
  test,
} from './fixtures';

test.use({ actionTimeout: 15_000 });

const e = (key: string) => translate('pt-BR', `embed.${key}`);

/**
 * Another site: a second local HTTP server, on its own port (so its own origin), serving one page with the snippets
 * pasted into it exactly as the 'Incorporar' tab gave them, between the site's own text.
 */
async function hostSite(snippets: string[]): Promise<{ origin: string; server: Server }> {
  const html =
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Rede Parceira</title>' +
    '<link rel="icon" href="data:,">' +
    '<style>body{font-family:Georgia,serif;margin:0 auto;max-width:40rem;padding:1rem;background:#f4efe6;color:#222}</style>' +
    '</head><body><header><h1>Rede Parceira</h1><p>Notícias do bairro e campanhas que apoiamos.</p></header><main>' +
    snippets.map((snippet, i) => `<section><h2>Campanha ${i + 1}</h2>\n${snippet}\n</section>`).join('') +
    '</main></body></html>';
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The snippet as the widget's 'Incorporar' tab shows it, read from the tab (checked for axe on the way). */
async function snippetOf(page: Page, settingsUrl: string, screen: string) {
  await page.goto(`${settingsUrl}/embed`);
  const field = page.getByRole('textbox', { name: e('codeLabel') });
  await expect(field).toHaveValue(/data-mutirao-widget/);
  await expectAccessible(page, `Incorporar tab, ${screen}`);
  return field.inputValue();
}

/** Lets the community's widgets be embedded by these sites, as its settings screen saves them. */
async function allowSites(request: APIRequestContext, communityId: number, origins: string[]) {
  const res = await request.put(`/api/communities/${communityId}/embed_origins`, { data: { embed_origins: origins } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The community's reports: the actions report has a row with the partner's origin for each action taken through it,
 * and the metrics by origin count them.
 */
async function expectOriginsInReports(request: APIRequestContext, communityId: number, origin: string) {
  const report = await request.get(`/api/communities/${communityId}/activist_actions.csv`);
  expect(report.status()).toBe(200);
  const rows = (await report.text()).split('\n').filter((line) => line.includes(origin));
  // The form entry, the e-mail pressure, the phone pressure and the donation.
  expect(rows, `rows naming ${origin}`).toHaveLength(4);
  const metrics = await request.get(`/api/communities/${communityId}/metrics/origins`);
  expect(((await metrics.json()) as { origins: { origin: string | null; actions: number }[] }).origins).toContainEqual({
    origin,
    actions: 4,
  });
}

/** A visitor of the other site, its console's errors kept. */
async function visitorOf(browser: Browser, viewport: typeof PHONE, url: string) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport, hasTouch: viewport.width < 600 });
  const visitor = await context.newPage();
  const errors: string[] = [];
  visitor.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  visitor.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await visitor.goto(url);
  return { visitor, errors };
}

/** The widget's thank-you inside its shadow root (Playwright's locators see into open shadow roots). */
const done = (host: ReturnType<Page['locator']>) => host.locator('.mz-form-widget__done');

test('each action widget, embedded on another site with the Incorporar snippet, acts and is attributed to it; other sites are refused', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const user = await seedUser(request, {
    firstName: 'Parceria',
    communities: [{ name: `Coletivo Parceria ${Date.now().toString(36)}`, donationPage: { offer: false } }],
  });
  const community = user.communities[0] as SeededUser['communities'][number] & {
    donation_page: { mobilization_id: number; widget_id: number };
  };
  await signInAs(page, user, community.name);
  const mobilization = await createMobilizationThroughApi(page, community.id, {
    name: 'Tarifa zero aos domingos',
    goal: 'Pressionar a Câmara',
    slugPrefix: 'parceria',
  });
  await buildCampaign(page, community.id, mobilization.id);
  const listed = await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`);
  const widgets = (await listed.json()) as { id: number; kind: string }[];
  const widgetOf = (kind: string) => {
    const found = widgets.find((w) => w.kind === kind);
    if (!found) throw new Error(`no ${kind} widget`);
    return found.id;
  };
  const settings = {
    form: `/mobilizations/${mobilization.id}/widgets/${widgetOf('form')}/form`,
    pressure: `/mobilizations/${mobilization.id}/widgets/${widgetOf('pressure')}/pressure`,
    phone: `/mobilizations/${mobilization.id}/widgets/${widgetOf('pressure-phone')}/pressure-phone`,
    donation: `/mobilizations/${community.donation_page.mobilization_id}/widgets/${community.donation_page.widget_id}/donation`,
  };

  // The Incorporar tab says no site is allowed yet; each kind's tab gives its snippet.
  await page.goto(`${settings.form}/embed`);
  await expect(page.getByText(e('noneAllowed'))).toBeVisible();
  // Its link leads to the community's list of allowed sites.
  await page.getByRole('link', { name: e('allowedLink') }).click();
  await expect(page.getByRole('heading', { name: translate('pt-BR', 'embedOrigins.title') })).toBeVisible();
  await page.goto(`${settings.form}/embed`);
  await page.getByRole('button', { name: e('copy') }).click();
  await expect(page.getByRole('status').filter({ hasText: e('copied') })).toBeVisible();
  const snippets = {
    form: await snippetOf(page, settings.form, 'form'),
    pressure: await snippetOf(page, settings.pressure, 'e-mail pressure'),
    phone: await snippetOf(page, settings.phone, 'phone pressure'),
    donation: await snippetOf(page, settings.donation, 'donation'),
  };
  await page.setViewportSize(PHONE);
  await page.goto(`${settings.donation}/embed`);
  await expect(page.getByRole('textbox', { name: e('codeLabel') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('incorporar-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath('incorporar-desktop.png'), fullPage: true });
  expect(snippets.form).toBe(
    `<div data-mutirao-widget="${widgetOf('form')}"></div>\n<script async src="${new URL(page.url()).origin}/embed.js"></script>`,
  );

  // The partner's site, allowed; another site with the same snippets, not.
  const partner = await hostSite(Object.values(snippets));
  const stranger = await hostSite([snippets.form]);
  try {
    await allowSites(page.request, community.id, [partner.origin]);
    await page.goto(`${settings.form}/embed`);
    await expect(page.getByText(e('allowedNote'))).toBeVisible();
    await expect(page.getByText(e('noneAllowed'))).toHaveCount(0);

    const { visitor, errors } = await visitorOf(browser, DESKTOP, `${partner.origin}/`);
    const host = (id: number) => visitor.locator(`[data-mutirao-widget="${id}"]`);
    const formHost = host(widgetOf('form'));
    const pressureHost = host(widgetOf('pressure'));
    const phoneHost = host(widgetOf('pressure-phone'));
    const donationHost = host(community.donation_page.widget_id);
    for (const h of [formHost, pressureHost, phoneHost, donationHost])
      await expect(h).toHaveAttribute('data-mutirao-ready', '');
    // Rendered in shadow roots, themed as on the page, and only each kind's own bundle loaded.
    expect(await formHost.evaluate((el) => el.shadowRoot?.querySelector('.mz-page.mz-embed') !== null)).toBe(true);
    const scripts = await visitor.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
    expect(scripts.filter((src) => /\/_mz\/islands-/.test(src))).toEqual([]);
    expect(
      scripts
        .filter((src) => /\/_mz\/embed-/.test(src))
        .map((src) => /embed-(.+)-[\w-]{12}\.js$/.exec(src)?.[1])
        .sort(),
    ).toEqual(['donation', 'form', 'pressure', 'pressure-phone']);
    await expectAccessible(visitor, 'partner site with the four embedded widgets');
    await visitor.screenshot({ path: test.info().outputPath('embed-desktop.png'), fullPage: true });

    // The sign-up form.
    await formHost.getByRole('textbox', { name: 'Nome' }).fill('Iara Monteiro');
    await formHost.getByRole('textbox', { name: 'E-mail' }).fill('iara.parceria@example.org');
    await formHost.getByRole('button', { name: 'Assinar' }).click();
    await expect(done(formHost)).toBeVisible();

    // The e-mail pressure.
    await pressureHost.getByRole('textbox', { name: 'Nome', exact: true }).fill('Iara');
    await pressureHost.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
    await pressureHost.getByRole('textbox', { name: 'E-mail', exact: true }).fill('iara.parceria@example.org');
    await pressureHost.getByRole('button', { name: 'Enviar pressão' }).click();
    await expect(done(pressureHost)).toBeVisible();

    // The phone pressure, in the sandbox telephony: the call runs to its end.
    await phoneHost.getByRole('textbox', { name: 'Nome', exact: true }).fill('Iara');
    await phoneHost.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
    await phoneHost.getByRole('textbox', { name: 'E-mail', exact: true }).fill('iara.parceria@example.org');
    await phoneHost.getByRole('textbox', { name: 'Telefone', exact: true }).fill('81 98888-7777');
    await phoneHost.getByRole('button', { name: 'Ligar para Vereadora Cida' }).click();
    await expect(phoneHost.getByText(/^Ligação encerrada\. Duração: \d+ s$/)).toBeVisible({ timeout: 40_000 });
    await phoneHost.getByRole('button', { name: translate('pt-BR', 'kinds.pressure.endAndShare') }).click();
    await expect(done(phoneHost)).toBeVisible();

    // The donation, by card in the sandbox payment driver.
    await donationHost.getByRole('button', { name: 'Quero doar' }).click();
    await fillDonor(visitor);
    await donationHost.getByRole('button', { name: 'Continuar' }).click();
    await fillCard(visitor, '4111 1111 1111 1111');
    await donationHost.getByRole('button', { name: 'Doar R$ 50' }).click();
    await expect(donationHost.getByText('Agora, compartilhe com seus amigos!')).toBeVisible();
    await expectAccessible(visitor, 'partner site after acting on every widget');
    expect(errors).toEqual([]);

    // At 390 px, the same page.
    const phoneVisitor = await visitorOf(browser, PHONE, `${partner.origin}/`);
    await expect(phoneVisitor.visitor.locator('[data-mutirao-ready]')).toHaveCount(4);
    // The live counts and the telephony's state are read through CORS from the partner's page.
    await expect(phoneVisitor.visitor.getByText('1 pessoa pressionou')).toBeVisible();
    await expect(phoneVisitor.visitor.getByText('1 pessoa ligou')).toBeVisible();
    await expect(phoneVisitor.visitor.getByText(translate('pt-BR', 'kinds.pressure.sandboxNotice'))).toBeVisible();
    await phoneVisitor.visitor.screenshot({ path: test.info().outputPath('embed-phone.png'), fullPage: true });

    // The organiser's reports name the partner's site as each action's origin.
    await expectOriginsInReports(page.request, community.id, partner.origin);

    // The page's anti-spam challenge on: the embedded form solves it on the partner's page (its worker started from
    // a blob there, since a worker cannot start from another origin's address) and the sign-up passes.
    const on = await page.request.put(`/api/mobilizations/${mobilization.id}`, {
      data: { mobilization: { antispam_challenge: true } },
    });
    expect(on.status(), await on.text()).toBe(200);
    const challenged = await visitorOf(browser, DESKTOP, `${partner.origin}/`);
    const challengedForm = challenged.visitor.locator(`[data-mutirao-widget="${widgetOf('form')}"]`);
    await expect(challengedForm).toHaveAttribute('data-mutirao-ready', '');
    const solved = challenged.visitor.waitForResponse(
      (r) => /\/form_entries$/.test(r.url()) && r.request().headers()['x-altcha'] !== undefined && r.status() === 201,
    );
    await challengedForm.getByRole('textbox', { name: 'Nome' }).fill('Beto Lima');
    await challengedForm.getByRole('textbox', { name: 'E-mail' }).fill('beto.parceria@example.org');
    await challengedForm.getByRole('button', { name: 'Assinar' }).click();
    await solved;
    await expect(done(challengedForm)).toBeVisible();
    // The embed's answer is cached a minute, so its widget may not know yet: its first send is then refused (the
    // browser logs the 403) and it solves and sends again, as a page whose challenge switched on by itself does.
    expect(challenged.errors.filter((line) => !/status of 403/.test(line))).toEqual([]);

    // The stranger's site: nothing drawn, and the console says why, naming the widget.
    const refused = await visitorOf(browser, DESKTOP, `${stranger.origin}/`);
    const message = `[Mutirão] widget ${widgetOf('form')}: ${e('refused')} (403)`;
    await expect.poll(() => refused.errors).toContain(message);
    const strangerHost = refused.visitor.locator(`[data-mutirao-widget="${widgetOf('form')}"]`);
    expect(await strangerHost.evaluate((el) => el.shadowRoot?.childNodes.length ?? 0)).toBe(0);
    await expect(strangerHost).not.toHaveAttribute('data-mutirao-ready', '');
    await expect(refused.visitor.getByRole('heading', { name: 'Campanha 1' })).toBeVisible();
    // The action routes refuse it too (CORS): a submission from its page never reaches the server's handler.
    const posted = await refused.visitor.evaluate(
      async (url) => {
        try {
          await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
          return 'sent';
        } catch {
          return 'blocked';
        }
      },
      `${new URL(page.url()).origin}/api/mobilizations/${mobilization.id}/form_entries`,
    );
    expect(posted).toBe('blocked');
  } finally {
    partner.server.close();
    stranger.server.close();
  }
});
