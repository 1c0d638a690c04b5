import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

const tab = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Configurações da pressão por telefone' })
    .getByRole('link', { name, exact: true });

/*
 * The server runs the sandbox telephony (the default): each call walks Twilio's states through the signed webhook,
 * and a target whose number ends in 1111 is busy.
 */
test('an organiser sets up a phone pressure and Twilio; a visitor calls one target to the end and retries a busy one', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Liga',
    community: { name: 'Coletivo Liga', city: 'Recife' },
    page: { name: 'Ligue para a Câmara', goal: 'Pressionar por telefone', slugPrefix: 'liga-pressao' },
  });

  // 'Pressão por telefone' in an empty column opens the phone pressure's own settings.
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await page.getByRole('radio', { name: '1 coluna' }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('button', { name: 'Pressão por telefone' }).click();
  await expect(page).toHaveURL(/\/widgets\/\d+\/pressure-phone$/);
  const settingsUrl = page.url();
  await page.getByLabel('Título da widget').fill('Ligue para a Câmara');
  await page.getByLabel('Texto do botão').fill('Ligar');
  await page.getByLabel('Texto do contador').fill('pessoas ligaram');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pressão por telefone configurada com sucesso!')).toBeVisible();
  await toastsGone(page);

  // Alvos: phone numbers, no subject or body, and no e-mail tabs.
  await expect(tab(page, 'E-mail para alvo')).toHaveCount(0);
  await tab(page, 'Alvos').click();
  await expect(page.getByLabel('Assunto do e-mail')).toHaveCount(0);
  const entry = page.getByLabel('Novo alvo');
  await entry.fill('Vereadora Ana <+5581999990000>');
  await entry.press('Control+Enter');
  await entry.fill('Vereador Beto <+5581999991111>');
  await entry.press('Control+Enter');
  await entry.fill('Gabinete <gabinete@camara.example.org>');
  await entry.press('Control+Enter');
  await expect(page.getByText('Você já cadastrou um alvo para pressão por telefone.')).toBeVisible();
  await entry.fill('');
  await expectAccessible(page, 'phone pressure settings: targets');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alvos configurados com sucesso!')).toBeVisible();
  await expect(tab(page, 'Mensagem de agradecimento')).toHaveCount(0);

  // Before the community has telephony, the visitor is told so.
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  const publicUrl = `http://${mobilization.slug}.localhost:${port}/`;
  await visitor.goto(publicUrl);
  await expect(
    visitor.getByText(
      'As ligações desta pressão ainda não estão disponíveis: a comunidade não configurou a telefonia.',
    ),
  ).toBeVisible();

  // The Twilio tab: field-named errors, then saved; the token is never shown again.
  await page.goto('/community/twilio');
  await page.getByLabel('Account SID').fill('AC123');
  await page.getByLabel('Número').fill('11933330000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o Account SID: AC seguido de 32 letras e números')).toBeVisible();
  await expect(page.getByText('Informe o número com + e o código do país. Ex.: +5511999990000')).toBeVisible();
  await page.getByLabel('Account SID').fill(`AC${'ab'.repeat(16)}`);
  await page.getByLabel('Número').fill('+5511933330000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o auth token')).toBeVisible();
  await page.getByLabel('Auth token').fill('c3'.repeat(16));
  await expectAccessible(page, 'community Twilio tab');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('As configurações do Twilio foram salvas.')).toBeVisible();
  await expect(page.getByLabel('Auth token')).toHaveValue('');
  await expect(page.getByText('Há um token salvo.')).toBeVisible();

  // The visitor calls Ana: ringing, the timer, then the duration, without reloading.
  await visitor.reload();
  await expect(visitor.getByText('Modo de teste (sandbox): nenhuma ligação de verdade é feita.')).toBeVisible();
  await visitor.getByRole('button', { name: 'Ligar para Vereadora Ana' }).click();
  await expect(visitor.getByText('Informe seu telefone com DDD')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill('Iara');
  await visitor.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
  await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill('iara@example.org');
  await visitor.getByRole('textbox', { name: 'Telefone', exact: true }).fill('5581999991111');
  await expect(
    visitor.getByText('O telefone que você está tentando usar é de um dos alvos da mobilização.'),
  ).toBeVisible();
  await expectAccessible(visitor, 'public phone pressure with errors');
  await visitor.getByRole('textbox', { name: 'Telefone', exact: true }).fill('5581988887777');
  await visitor.getByRole('button', { name: 'Ligar para Vereadora Ana' }).click();
  const ana = visitor.locator('.mz-phone__target', { hasText: 'Vereadora Ana' });
  await expect(ana.getByText('Chamando…')).toBeVisible({ timeout: 15_000 });
  await expect(ana.getByText(/^Em ligação: \d+ s$/)).toBeVisible({ timeout: 15_000 });
  await expectAccessible(visitor, 'public phone pressure, on the call');
  await expect(ana.getByText('Ligação encerrada. Duração: 3 s')).toBeVisible({ timeout: 15_000 });

  // Beto is busy: Religar is offered.
  await visitor.getByRole('button', { name: 'Ligar para Vereador Beto' }).click();
  const beto = visitor.locator('.mz-phone__target', { hasText: 'Vereador Beto' });
  await expect(beto.getByText('Ocupado')).toBeVisible({ timeout: 20_000 });
  await expect(visitor.getByRole('button', { name: 'Religar para Vereador Beto' })).toHaveText('Religar');
  await expectAccessible(visitor, 'public phone pressure, busy target');
  await visitor.getByRole('button', { name: 'Encerrar e compartilhar' }).click();
  await expect(visitor.getByText('Agora, compartilhe com seus amigos!')).toBeVisible();
  await expect(visitor.getByText('1 pessoa ligou')).toBeVisible();

  // The organiser sees the calls per target.
  await page.goto(settingsUrl);
  await tab(page, 'Entregas').click();
  await expect(page.getByTestId('delivery-+5581999990000').getByRole('cell').first()).toHaveText('1');
  await expect(page.getByTestId('delivery-+5581999991111').getByRole('cell').nth(1)).toHaveText('1');
  await expectAccessible(page, 'phone pressure deliveries');
});
