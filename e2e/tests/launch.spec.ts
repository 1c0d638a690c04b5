import { translate } from '@mutirao/core';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';
import { delegate, worldDnsAvailable } from './worldDns';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);
/** Zones are unique across communities: each run registers its own. */
const uniqueDomain = (prefix: string) => `${prefix}-${Date.now().toString(36)}${process.pid}.org`;
const GOAL =
  'Exigir que os imóveis públicos vazios do centro virem moradia popular, com aluguel social para quem precisa agora.';

test('the launch wizard refuses a blank domain, says what is true of it, and ends on a share step to act on', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The networks' sharers are not reached from the test machine: any page on them answers a placeholder.
  await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|api\.whatsapp\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>sharer</title>' }),
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { community, mobilization } = await organiserWithPage(page, request, {
    firstName: 'Lia',
    community: { name: 'Rede Lia', city: 'Recife' },
    page: { name: 'Moradia digna no centro', goal: GOAL, slugPrefix: 'moradia-lia' },
  });
  const zone = uniqueDomain('moradia');
  const created = await page.request.post(`/api/communities/${community.id}/dns_hosted_zones`, {
    data: { dns_hosted_zone: { domain_name: zone } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { delegation_set_servers: nameServers } = (await created.json()) as { delegation_set_servers: string[] };
  const port = new URL(page.url()).port;
  const address = `centro.${zone}:${port}`;
  const url = `http://${address}/`;

  // Step 1: 'Continuar' with nothing typed names the field and saves nothing (no 'Domínio registrado com sucesso!').
  await page.goto(`/mobilizations/${mobilization.id}/launch`);
  const field = page.getByRole('combobox', { name: t('domains.customDomainLabel') });
  await page.getByRole('button', { name: t('app.continue') }).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(t('domains.customDomainRequired')));
  await expect(page.getByText(t('domains.customDomainSaved'))).toHaveCount(0);
  const stored = await page.request.get(`/api/mobilizations?community_id=${community.id}&ids=${mobilization.id}`);
  expect(((await stored.json()) as { custom_domain: string | null }[])[0]?.custom_domain).toBeNull();
  await expectAccessible(page, 'launch wizard, blank domain');
  await field.fill(`centro.${zone}`);
  await page.getByRole('button', { name: t('app.continue') }).click();
  await expect(page.getByText(t('domains.customDomainSaved'))).toBeVisible();

  // Step 2: the texts come suggested from the page (the goal cut at 90 characters on a word), the image optional and
  // said to be so; complete, the button launches.
  await expect(page.getByLabel(t('mobilizationSettings.shareTitle'))).toHaveValue('Moradia digna no centro');
  const description = await page.getByLabel(t('mobilizationSettings.shareDescription')).inputValue();
  expect(description).toBe(
    'Exigir que os imóveis públicos vazios do centro virem moradia popular, com aluguel social…',
  );
  await expect(page.getByLabel(t('mobilizationSettings.tweet'))).toHaveValue(`Moradia digna no centro ${url}`);
  await expect(page.getByText(t('mobilizationSettings.shareImageOptionalNone'), { exact: false })).toBeVisible();
  await expectAccessible(page, 'launch wizard, share step suggested');
  await page.screenshot({ path: test.info().outputPath('launch-share-suggested.png'), fullPage: true });
  await page.getByRole('button', { name: t('launch.launch') }).click();

  // Time to launch: the domain still waits for its name servers, and the screen says so instead of 'it answers at'.
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mobilization.id}/launch/end$`));
  await expect(page.getByText(t('launch.endNoImage'))).toBeVisible();
  await expect(page.getByText(t('launch.endDns', { domain: address, zone }))).toBeVisible();
  await expectAccessible(page, 'launch end, DNS pending');
  await page.getByRole('button', { name: t('launch.launch') }).click();
  await expect(page.getByRole('heading', { name: t('launch.launchedTitle') })).toBeFocused();
  await expect(page.getByText(t('launch.launchedDns', { domain: address, zone }))).toBeVisible();
  // Launching published the page as it is: from now on the editor changes a draft.
  const draft = await page.request.get(`/api/mobilizations/${mobilization.id}/draft`);
  expect(await draft.json()).toMatchObject({ launched: true, has_changes: false, published_revision: { number: 1 } });
  await expect(page.getByRole('link', { name: t('launch.openPage') })).toHaveAttribute('href', url);

  // The share step: the address to copy, with feedback, and the networks prefilled from the share fields.
  const share = page.getByRole('region', { name: t('launch.shareTitle') });
  await expect(share.getByRole('textbox', { name: t('launch.pageUrl') })).toHaveValue(url);
  await share.getByRole('button', { name: t('launch.copyLink') }).click();
  await expect(share.getByRole('button', { name: t('launch.copied') })).toBeVisible();
  await expect(share.getByRole('status')).toHaveText(t('launch.copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page, 'launched, share step');
  await page.screenshot({ path: test.info().outputPath('launched-share.png'), fullPage: true });
  await page.evaluate(() => {
    const open = window.open.bind(window);
    (window as unknown as { opened: string[][] }).opened = [];
    window.open = (...args: Parameters<typeof window.open>) => {
      (window as unknown as { opened: string[][] }).opened.push(args.map(String));
      return open(...args);
    };
  });
  const expected = {
    whatsapp: `https://api.whatsapp.com/send?text=${encodeURIComponent(`Moradia digna no centro — ${description} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    twitter: `https://twitter.com/intent/tweet?text=${encodeURIComponent(`Moradia digna no centro ${url}`)}&url=${encodeURIComponent(url)}`,
  };
  for (const [network, sharer] of Object.entries(expected)) {
    const popupOpened = page.waitForEvent('popup');
    await share.getByRole('link', { name: new RegExp(t(`shareScreen.${network}`)) }).click();
    const popup = await popupOpened;
    await expect.poll(() => popup.url()).toBe(sharer);
    await popup.close();
  }
  const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
  expect(opened.map(([href]) => href)).toEqual(Object.values(expected));
  for (const [, , features] of opened) expect(features).toMatch(/^width=800,height=600,/);

  // The registrar now delegates the domain: the connection test passes and the page waits only for its certificate.
  if (worldDnsAvailable) {
    await delegate(zone, nameServers);
    await page.getByRole('link', { name: t('launch.testConnection') }).click();
    await page.getByRole('button', { name: t('domains.testConnection') }).click();
    await expect(page.getByRole('status')).toContainText(t('domains.nsOk'));
    await page.getByRole('button', { name: t('domains.finish') }).click();
    await expect(page).toHaveURL(new RegExp(`/mobilizations/${mobilization.id}/launch/end$`));
    await expect(page.getByText(t('launch.endCertificate', { domain: address, zone }))).toBeVisible();
    await page.getByRole('button', { name: t('launch.launch') }).click();
    await expect(page.getByText(t('launch.launchedCertificate', { domain: address }))).toBeVisible();
    await expect(
      page.getByRole('region', { name: t('launch.shareTitle') }).getByText(t('launch.shareHelp')),
    ).toBeVisible();
  }
  expect(errors).toEqual([]);
});
