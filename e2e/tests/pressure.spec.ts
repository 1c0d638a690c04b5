import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Configurações da pressão' }).getByRole('link', { name, exact: true });

async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

test('an organiser sets up an e-mail pressure with two targets, a visitor presses, and both targets are delivered', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Pressiona',
    community: { name: 'Coletivo Tarifa', city: 'Recife' },
    page: { name: 'Tarifa zero aos domingos', goal: 'Pressionar a Câmara', slugPrefix: 'tarifa-pressao' },
  });

  // 'Pressão por e-mail' in an empty column opens the pressure's settings.
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await page.getByRole('radio', { name: '1 coluna' }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('button', { name: 'Pressão por e-mail' }).click();
  await expect(page).toHaveURL(/\/widgets\/\d+\/pressure$/);

  // Ajustes, with the city question.
  await page.getByLabel('Título da widget').fill('Pressione a Câmara');
  await page.getByLabel('Texto do botão').fill('Enviar pressão');
  await page.getByLabel('Texto do contador').fill('pessoas pressionaram');
  await page.getByRole('switch', { name: 'Pedir a cidade de quem pressiona' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('E-mail para alvo configurado com sucesso!')).toBeVisible();
  await toastsGone(page);

  // E-mail para alvo: the spec's messages, Ctrl+Enter, then two targets and the letter.
  await tab(page, 'E-mail para alvo').click();
  const entry = page.getByLabel('Novo alvo');
  await entry.fill('Ana sem e-mail');
  await entry.press('Control+Enter');
  await expect(page.getByText('Padrão inválido. Preencha conforme explicação acima.')).toBeVisible();
  await entry.fill('Vereadora Ana <ana@camara.example.org>');
  await entry.press('Control+Enter');
  await entry.fill('Vereador Beto <beto@camara.example.org>');
  await page.getByRole('button', { name: 'Adicionar alvo' }).click();
  await entry.fill('Gabinete <+5581999990000>');
  await entry.press('Control+Enter');
  await expect(page.getByText('Você já cadastrou um alvo para pressão por e-mail.')).toBeVisible();
  await entry.fill('');
  // A new pressure comes with a sample letter; without its subject it cannot be saved.
  await expect(page.getByLabel('Assunto do e-mail')).not.toHaveValue('');
  await page.getByLabel('Assunto do e-mail').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Insira o assunto do e-mail')).toBeVisible();
  await page.getByLabel('Assunto do e-mail').fill('Tarifa zero aos domingos');
  await page.getByLabel('Texto do e-mail').fill('Vereadoras e vereadores, aprovem a tarifa zero aos domingos.');
  await expectAccessible(page, 'pressure settings: E-mail para alvo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('E-mail para alvo configurado com sucesso!')).toBeVisible();
  await toastsGone(page);

  // A visitor on the public page: invalid, then valid, then the share screen.
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${mobilization.slug}.localhost:${port}/`);
  await expect(visitor.getByText('Vereadora Ana')).toBeVisible();
  // The button looks ready and, pressed too soon, lists what is missing, each message naming its field.
  await visitor.getByRole('button', { name: 'Enviar pressão' }).click();
  await expect(visitor.getByText('Informe seu nome')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Nome', exact: true }).fill('Iara');
  await visitor.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
  await visitor.getByRole('textbox', { name: 'Cidade', exact: true }).fill('Recife');
  await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill('beto@camara.example.org');
  await expect(
    visitor.getByText('O e-mail que você está tentando usar é de um dos alvos da mobilização.'),
  ).toBeVisible();
  await expectAccessible(visitor, 'public pressure with errors');
  await visitor.getByRole('textbox', { name: 'E-mail', exact: true }).fill('iara@example.org');
  await visitor.getByRole('button', { name: 'Enviar pressão' }).click();
  await expect(visitor.getByText('Agora, compartilhe com seus amigos!')).toBeVisible();
  await expect(visitor.getByText('1 pessoa pressionou')).toBeVisible();
  await expectAccessible(visitor, 'public pressure, share screen');

  // The organiser sees each target delivered.
  await tab(page, 'Entregas').click();
  for (const address of ['ana@camara.example.org', 'beto@camara.example.org']) {
    await expect(async () => {
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await expect(page.getByTestId(`delivery-${address}`).getByRole('cell').first()).toHaveText('1', {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
  }
  await expectAccessible(page, 'pressure deliveries');
});
