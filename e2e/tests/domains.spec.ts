import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { translate } from '@mutirao/core';
import {
  createMobilizationThroughApi,
  expect,
  expectAccessible,
  organiserWithPage,
  seedUser,
  signInAs,
  test,
} from './fixtures';
import { delegate, setRecord, worldDnsAvailable } from './worldDns';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);
const FIXTURES = join(import.meta.dirname, '..', '..', 'apps', 'server', 'test', 'fixtures');
/** Zones are unique across communities: each run registers its own. */
const uniqueDomain = (prefix: string) => `${prefix}-${Date.now().toString(36)}${process.pid}.org`;

/** A public page asked for by host, as a visitor's browser would on the custom domain (Node cannot resolve it). */
function getByHost(port: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('an admin adds a domain through the wizard, postpones the name servers, comes back to test them, and manages records', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = await seedUser(request, { firstName: 'Dora', communities: [{ name: 'Rede Dora' }] });
  await signInAs(page, user, 'Rede Dora');
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });
  await sidebar.getByRole('link', { name: t('sidebar.domains'), exact: true }).click();
  await expect(page).toHaveURL(/\/community\/domain$/);
  await expect(page.getByRole('heading', { name: t('domains.empty') })).toBeVisible();
  await expectAccessible(page, 'domains, empty');
  await page.screenshot({ path: test.info().outputPath('domains-empty.png'), fullPage: true });

  // Step 1: required and valid, checked in the browser with core's schema.
  await page.getByRole('link', { name: t('domains.add') }).click();
  await expect(page).toHaveURL(/\/community\/domain\/add$/);
  const domainField = page.getByRole('textbox', { name: t('domains.domainName'), exact: true });
  const addButton = page.getByRole('button', { name: t('domains.submitAdd'), exact: true });
  await addButton.click();
  await expect(page.getByText(t('domains.domainRequired'))).toBeVisible();
  await domainField.fill('not a domain');
  await addButton.click();
  await expect(page.getByText(t('domains.domainInvalid'))).toBeVisible();
  await expectAccessible(page, 'domain wizard, step 1 with an error');
  await page.screenshot({ path: test.info().outputPath('domain-wizard-step1.png'), fullPage: true });
  const domain = uniqueDomain('tarifa');
  await domainField.fill(`https://${domain.toUpperCase()}/`);
  await addButton.click();
  await expect(page.getByText(t('domains.dnsSaved'))).toBeVisible();

  // Step 2: the name servers to set at the registrar; it can wait.
  await expect(page).toHaveURL(/step=2/);
  await expect(page.getByText(t('domains.nameServersIntro', { domain }))).toBeVisible();
  const nameServerItems = page.getByRole('list', { name: t('domains.nameServers') }).getByRole('listitem');
  await expect(nameServerItems).not.toHaveCount(0);
  const nameServers = await nameServerItems.allInnerTexts();
  await expectAccessible(page, 'domain wizard, step 2');
  await page.screenshot({ path: test.info().outputPath('domain-wizard-step2.png'), fullPage: true });
  await page.getByRole('button', { name: t('domains.postpone') }).click();
  await expect(page).toHaveURL(/\/community\/domain$/);
  const card = page.getByRole('article', { name: domain });
  await expect(card.getByText(t('domains.statusWaiting'))).toBeVisible();

  // The same domain a second time is refused by the server, on the field.
  await page.goto('/community/domain/add');
  await page.getByRole('textbox', { name: t('domains.domainName'), exact: true }).fill(domain);
  await page.getByRole('button', { name: t('domains.submitAdd'), exact: true }).click();
  await expect(page.getByText(t('domains.domainTaken'))).toBeVisible();

  // Back later: step 2, then step 3. In the sandbox nobody changed the registrar, so the check stays pending.
  await page.goto('/community/domain');
  await card.getByRole('link', { name: t('domains.continueSetup') }).click();
  await expect(page).toHaveURL(/step=2/);
  await page.getByRole('button', { name: t('domains.nameServersChanged') }).click();
  await expect(page).toHaveURL(/step=3/);
  await page.getByRole('button', { name: t('domains.testConnection') }).click();
  await expect(page.getByRole('status')).toContainText(t('domains.nsPending'));
  await expectAccessible(page, 'domain wizard, step 3 pending');
  await page.screenshot({ path: test.info().outputPath('domain-wizard-step3.png'), fullPage: true });
  await expect(page.getByRole('button', { name: t('domains.finish') })).toHaveCount(0);

  // The registrar now delegates the domain to the name servers step 2 gave; the same check passes step 3.
  if (worldDnsAvailable) {
    await delegate(domain, nameServers);
    await page.getByRole('button', { name: t('domains.testConnection') }).click();
    await expect(page.getByRole('status')).toContainText(t('domains.nsOk'));
    await expectAccessible(page, 'domain wizard, step 3 passed');
    await page.screenshot({ path: test.info().outputPath('domain-wizard-step3-ok.png'), fullPage: true });
    await page.getByRole('button', { name: t('domains.finish') }).click();
    await expect(page).toHaveURL(/\/community\/domain$/);
    await expect(card.getByText(t('domains.statusActive'))).toBeVisible();
  } else {
    await page.getByRole('button', { name: t('domains.postpone') }).click();
  }

  // Records: an MX with two values, one per line, then one deleted with the confirmation.
  await card.getByRole('button', { name: t('domains.showRecords') }).click();
  await card.getByLabel(t('domains.recordType')).selectOption('MX');
  await card.getByLabel(t('domains.recordValue')).fill(`10 mx1.${domain}\n20 mx2.${domain}`);
  await card.getByRole('button', { name: t('domains.addRecord') }).click();
  const records = card.getByRole('table', { name: t('domains.recordsOf', { domain }) });
  // A row is found by its type cell: the random domain in every row's name may spell 'mx' or 'txt' itself.
  const rowOfType = (type: string) =>
    records.getByRole('row').filter({ has: page.getByRole('cell', { name: type, exact: true }) });
  const mx = rowOfType('MX');
  await expect(mx).toContainText(`10 mx1.${domain}`);
  await expect(mx).toContainText(`20 mx2.${domain}`);
  await card.getByLabel(t('domains.recordType')).selectOption('TXT');
  await card.getByLabel(t('domains.recordValue')).fill('v=spf1 -all');
  await card.getByRole('button', { name: t('domains.addRecord') }).click();
  await expect(rowOfType('TXT')).toBeVisible();
  await expectAccessible(page, 'domains with records');
  await page.screenshot({ path: test.info().outputPath('domains-list.png'), fullPage: true });

  const deleteMx = card.getByRole('button', { name: t('domains.deleteRecord', { type: 'MX', name: domain }) });
  await deleteMx.click();
  const dialog = page.getByRole('dialog', { name: t('domains.deleteRecordTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: t('app.cancel') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteMx).toBeFocused();
  await deleteMx.click();
  await dialog.getByRole('button', { name: t('domains.remove') }).click();
  await expect(rowOfType('MX')).toHaveCount(0);
  await expect(card.getByRole('heading', { name: t('domains.recordsOf', { domain }) })).toBeFocused();
  await expect(rowOfType('TXT')).toBeVisible();
});

test('an admin adds an external domain, is shown the record to create at its provider, and passes once it exists', async ({
  page,
  request,
}) => {
  test.skip(!worldDnsAvailable, 'needs Debian’s pdns-server as the world’s DNS');
  const user = await seedUser(request, { firstName: 'Edu', communities: [{ name: 'Rede Edu' }] });
  await signInAs(page, user, 'Rede Edu');
  await page.goto('/community/domain/add');
  await page.getByRole('radio', { name: t('domains.kindExternal') }).check();
  const domain = uniqueDomain('externo');
  await page.getByRole('textbox', { name: t('domains.domainName'), exact: true }).fill(domain);
  await page.getByRole('button', { name: t('domains.submitAdd'), exact: true }).click();
  await expect(page.getByText(t('domains.dnsSaved'))).toBeVisible();

  // Step 2: the DNS stays at the owner's provider; the wizard shows the record to create there.
  await expect(page).toHaveURL(/step=2/);
  const record = page.getByRole('table', { name: t('domains.externalRecordTitle') });
  const row = record.getByRole('row').nth(1);
  await expect(row).toContainText(`www.${domain}`);
  await expect(row).toContainText('CNAME');
  const target = (await row.getByRole('cell').nth(2).innerText()).trim();
  expect(target).not.toBe('');
  await expectAccessible(page, 'domain wizard, external step 2');
  await page.screenshot({ path: test.info().outputPath('domain-wizard-external.png'), fullPage: true });
  await page.getByRole('button', { name: t('domains.externalRecordCreated') }).click();

  // Step 3 waits until the record exists at the provider, then passes.
  await expect(page.getByText(t('domains.externalTestIntro', { domain }))).toBeVisible();
  const test3 = page.getByRole('button', { name: t('domains.testConnection') });
  await test3.click();
  await expect(page.getByRole('status')).toContainText(t('domains.wwwPending'));
  await delegate(domain, ['ns1.provedor-externo.net']);
  await setRecord(domain, `www.${domain}`, 'CNAME', `${target}.`);
  await test3.click();
  await expect(page.getByRole('status')).toContainText(t('domains.wwwOk'));
  await page.getByRole('button', { name: t('domains.finish') }).click();
  const card = page.getByRole('article', { name: domain });
  await expect(card.getByText(t('domains.statusActive'))).toBeVisible();
  await expect(card.getByText(t('domains.external'), { exact: true })).toBeVisible();
});

test('a mobilizer manages the domains, as the admin who invited them could', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Rui', communities: [{ name: 'Rede Rui', role: 2 }] });
  await signInAs(page, user, 'Rede Rui');
  await page.goto('/community/domain');
  await expect(page.getByText(t('domains.readOnly'))).toHaveCount(0);
  await page
    .getByRole('link', { name: t('domains.add') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/community\/domain\/add$/);
  await expectAccessible(page, 'domains wizard, by a mobilizer');
});

test('an organiser sets a page’s custom domain, launches it through the wizard, and it answers on that host', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { community, mobilization } = await organiserWithPage(page, request, {
    firstName: 'Lara',
    community: { name: 'Rede Lara', city: 'Belém' },
    page: { name: 'Tarifa zero em Belém', goal: 'Ônibus de graça para todo mundo.', slugPrefix: 'tarifa-belem' },
  });
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });

  // Without a zone, the tab points at the wizard, which comes back here afterwards.
  await page.goto(`/mobilizations/${mobilization.id}/settings/customDomain`);
  await expect(page.getByText(t('domains.customDomainNoZone'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('domains.customDomainAddZone') })).toHaveAttribute(
    'href',
    `/community/domain/add?next=${encodeURIComponent(`/mobilizations/${mobilization.id}/settings/customDomain`)}`,
  );
  const zone = uniqueDomain('belem');
  const created = await page.request.post(`/api/communities/${community.id}/dns_hosted_zones`, {
    data: { dns_hosted_zone: { domain_name: zone } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();

  // A domain outside the community's zones gets the spec's message; a subdomain of the zone is saved as typed.
  const field = page.getByRole('combobox', { name: t('domains.customDomainLabel') });
  await field.fill('outro-dominio.org');
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('domains.customDomainNotInCommunity'))).toBeVisible();
  await expectAccessible(page, 'custom domain with an error');
  await field.fill('onibus');
  await page.getByRole('option', { name: `onibus.${zone}` }).click();
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('domains.customDomainSaved'))).toBeVisible();
  await expect(field).toHaveValue(`onibus.${zone}`);
  const ssl = page.getByRole('table', { name: t('domains.sslTitle') });
  for (const host of [`onibus.${zone}`, `www.onibus.${zone}`])
    await expect(
      ssl.getByRole('row').filter({ has: page.getByRole('cell', { name: host, exact: true }) }),
    ).toContainText(new RegExp(`${t('domains.sslChecking')}|${t('domains.sslFailed')}|${t('domains.sslOk')}`));
  await expectAccessible(page, 'custom domain with SSL state');
  await page.screenshot({ path: test.info().outputPath('custom-domain.png'), fullPage: true });

  // Not public yet: "Publicar" opens the wizard at the share step, the domain step being complete. The texts come
  // suggested from the page; a blanked one is required again.
  await sidebar.getByRole('link', { name: t('sidebar.publish'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mobilization.id}/launch$`));
  await expect(page.getByRole('progressbar', { name: t('launch.progress') })).toHaveAttribute('aria-valuenow', '50');
  const title = page.getByLabel(t('mobilizationSettings.shareTitle'));
  await expect(title).toHaveValue('Tarifa zero em Belém');
  await title.fill('');
  await page.getByRole('button', { name: t('app.continue') }).click();
  await expect(page.getByText(t('mobilizationForm.shareRequired'), { exact: true })).toHaveCount(1);
  await expectAccessible(page, 'launch wizard, share step with errors');
  await page.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'share-1200x630.jpg'));
  await expect(page.getByRole('img', { name: t('upload.previewAlt') })).toBeVisible();
  await title.fill('Tarifa zero em Belém');
  await page.screenshot({ path: test.info().outputPath('launch-share.png'), fullPage: true });
  await page.getByRole('button', { name: t('launch.launch') }).click();

  // Time to launch: the share image and the button; launching leads to the live page, on the subdomain as typed
  // and on the port of the admin's address.
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mobilization.id}/launch/end$`));
  await expect(page.getByRole('heading', { name: t('launch.endTitle') })).toBeVisible();
  await expect(page.getByRole('img', { name: t('launch.endImageAlt') })).toBeVisible();
  await expectAccessible(page, 'launch end');
  await page.screenshot({ path: test.info().outputPath('launch-end.png'), fullPage: true });
  await page.getByRole('button', { name: t('launch.launch') }).click();
  await expect(page.getByRole('heading', { name: t('launch.launchedTitle') })).toBeFocused();
  const port = new URL(page.url()).port;
  await expect(page.getByRole('link', { name: t('launch.openPage') })).toHaveAttribute(
    'href',
    `http://onibus.${zone}:${port}/`,
  );
  await expect(sidebar.getByText(t('sidebar.public'), { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: `onibus.${zone}:${port}` })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: t('sidebar.publish'), exact: true })).toHaveCount(0);
  await expectAccessible(page, 'launched');
  await page.screenshot({ path: test.info().outputPath('launched.png'), fullPage: true });

  // The page answers on its custom host, bare and www.
  for (const host of [`onibus.${zone}`, `www.onibus.${zone}`]) {
    const res = await getByHost(port, host);
    expect(res.status, host).toBe(200);
    expect(res.body).toContain('Tarifa zero em Belém');
  }
  // The community's list shows the page's hosts among the zone's certificates.
  await page.goto('/community/domain');
  await expect(
    page.getByRole('article', { name: zone }).getByRole('table', { name: t('domains.certificates') }),
  ).toContainText(`www.onibus.${zone}`);
});

test('a domain another page uses is refused on the field, with the server’s message', async ({ page, request }) => {
  const { community, mobilization } = await organiserWithPage(page, request, {
    firstName: 'Ana',
    community: { name: 'Rede Ana', city: 'Natal' },
    page: { name: 'Praças vivas', goal: 'Praças para todo mundo.', slugPrefix: 'pracas' },
  });
  const zone = uniqueDomain('pracas');
  await page.request.post(`/api/communities/${community.id}/dns_hosted_zones`, {
    data: { dns_hosted_zone: { domain_name: zone } },
  });
  const other = await createMobilizationThroughApi(page, community.id, {
    name: 'Outra',
    goal: 'x',
    slugPrefix: 'outra',
  });
  const taken = await page.request.put(`/api/mobilizations/${other.id}`, {
    data: { mobilization: { custom_domain: zone } },
  });
  expect(taken.status(), await taken.text()).toBe(200);
  await page.goto(`/mobilizations/${mobilization.id}/settings/customDomain`);
  await page.getByRole('combobox', { name: t('domains.customDomainLabel') }).fill(`www.${zone}`);
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('domains.customDomainTaken'))).toBeVisible();

  // The launch wizard starts at the domain step for a page without one, its progress empty.
  await page.goto(`/mobilizations/${mobilization.id}/launch`);
  await expect(page.getByRole('progressbar', { name: t('launch.progress') })).toHaveAttribute('aria-valuenow', '0');
  await expect(
    page
      .getByRole('list', { name: t('launch.stepsLabel') })
      .getByRole('listitem')
      .first(),
  ).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: t('app.continue') })).toBeVisible();
  await expectAccessible(page, 'launch wizard, domain step');
  await page.screenshot({ path: test.info().outputPath('launch-domain.png'), fullPage: true });
});
