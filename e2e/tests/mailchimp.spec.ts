import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-mailchimp';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(1, 1);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const KEY = `${'c3'.repeat(16)}-us21`;

test('an admin sets Mailchimp (sandbox), a visitor signs the form, and the tab shows the member tagged M{id}F', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await seedUser(request, {
    firstName: 'Lista',
    communities: [{ name: 'Coletivo Lista', city: 'Recife', formEntries: 0 }],
  });
  const community = user.communities[0];
  if (!community?.form) throw new Error('seed made no form page');
  await signInAs(page, user, community.name);

  await page.goto('/community/mailchimp');
  await expect(page.getByRole('link', { name: 'Mailchimp', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Este servidor usa o Mailchimp de teste (sandbox)')).toBeVisible();
  await expect(page.getByText('Desligada: salve a chave e a lista para começar.')).toBeVisible();

  // Field-named errors, then a valid save.
  await page.getByLabel('Chave da API').fill('errada');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe a chave da API: 32 letras e números')).toBeVisible();
  await expect(page.getByText('Informe o ID da lista')).toBeVisible();
  await expectAccessible(page, 'mailchimp tab with errors');
  await shot(page, '01-errors');
  await page.getByLabel('Chave da API').fill(KEY);
  await page.getByLabel('ID da lista (audience)').fill('a1b2c3d4e5');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('As configurações do Mailchimp foram salvas.')).toBeVisible();
  await expect(page.getByText('Há uma chave salva.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Chave da API')).toHaveValue('');

  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByText('Conexão feita: lista "Sandbox a1b2c3d4e5"')).toBeVisible();

  // A visitor signs the form on the published page.
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${community.form.slug}.localhost:${port}/`);
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill('Joana Lima');
  await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill('joana.lista@example.org');
  await visitor.getByRole('textbox', { name: 'WhatsApp', exact: true }).fill('(81) 91234-5678');
  await visitor.getByLabel('Como você quer ajudar?').selectOption({ label: 'Ir à assembleia' });
  await visitor.getByRole('button', { name: 'Quero participar' }).click();
  await expect(visitor.getByRole('button', { name: 'Quero participar' })).toBeHidden({ timeout: 15_000 });

  // The tab, refreshing on its own, shows the calls: the member sent, then tagged with the page's segment.
  const tag = `M${community.form.mobilization_id}F`;
  const tagged = page.getByRole('row').filter({ hasText: '/tags' });
  await expect(tagged).toHaveCount(1, { timeout: 20_000 });
  await expect(tagged.getByRole('cell', { name: tag, exact: true })).toBeVisible();
  const created = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '/lists/a1b2c3d4e5/segments', exact: true }) })
    .filter({ hasText: 'POST' });
  await expect(created.getByRole('cell', { name: tag, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /joana\.lista@example\.org · Joana · Lima/ })).toBeVisible();
  await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
  await expect(page.getByText('Na fila:')).toContainText('0');
  await page.waitForTimeout(5500);
  await expectAccessible(page, 'mailchimp tab with recorded calls');
  await shot(page, '02-calls');
});
