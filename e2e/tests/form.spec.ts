import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test, uniqueEmail } from './fixtures';

test.use({ actionTimeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-form';

async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(1, 1);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** Success toasts float over the screen for 5 s; axe measures what lies under them once they are gone. */
async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Configurações do formulário' }).getByRole('link', { name, exact: true });

/** Adds a field in the list mode and fills its form. */
async function addField(
  page: Page,
  label: string,
  kind: string,
  options: { placeholder?: string; required?: boolean },
) {
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  const form = page.locator('li').last();
  await form.getByLabel('Nome do campo').fill(label);
  await form.getByLabel('Tipo').selectOption({ label: kind });
  if (options.placeholder !== undefined)
    await form.getByLabel(kind === 'Lista de opções' ? 'Opções' : 'Texto de exemplo').fill(options.placeholder);
  if (options.required) await form.getByRole('switch', { name: 'Obrigatório' }).check();
  await form.getByRole('button', { name: 'Concluir' }).click();
}

test('an organiser sets up a sign-up form, a visitor signs up on the public page, and the entry reaches the report and the mailbox', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Organiza',
    community: { name: 'Coletivo Praça', city: 'Recife' },
    page: { name: 'Praça viva', goal: 'Reabrir a praça', slugPrefix: 'praca-form' },
  });
  const { slug } = mobilization;

  // A one-column block, then 'Formulário' in its empty slot opens the form's settings.
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await page.getByRole('radio', { name: '1 coluna' }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('button', { name: 'Formulário' }).click();
  await expect(page).toHaveURL(/\/widgets\/\d+\/form$/);
  const settingsUrl = page.url();

  // Ajustes: a new form comes with a title and a button; emptied, the spec's messages, then a valid save.
  await expect(tab(page, 'Ajustes')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Texto do botão')).toHaveValue('Assinar');
  await page.getByLabel('Título da widget').fill('');
  await page.getByLabel('Texto do botão').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Insira o título da widget')).toBeVisible();
  await expect(page.getByText('O limite de caracteres foi atingido.')).toBeVisible();
  await page.getByLabel('Texto do botão').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Insira o texto do botão')).toBeVisible();
  await expectAccessible(page, 'form settings: Ajustes with errors');
  await page.getByLabel('Título da widget').fill('Assine pela praça viva');
  await page.getByLabel('Texto do botão').fill('Quero participar');
  await page.getByLabel('Texto do contador').fill('pessoas já assinaram');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Formulário configurado com sucesso!')).toBeVisible();
  await shot(page, '01-ajustes');

  // Campos do formulário: the new form's Nome, Sobrenome and E-mail; add, reorder, remove with confirmation, and the
  // unsaved-changes question.
  await tab(page, 'Campos do formulário').click();
  await expect(page.locator('ol > li')).toHaveText([/^Nome/, /^Sobrenome/, /^E-mail/]);
  await expectAccessible(page, 'form fields, the defaults');
  await addField(page, 'Bairro', 'Lista de opções', { placeholder: 'Centro, Zona Norte, Zona Sul' });
  await expect(page.getByRole('button', { name: 'Subir Nome' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Descer Bairro' })).toBeDisabled();
  await page.getByRole('button', { name: 'Subir E-mail' }).click();
  await expect(page.getByRole('button', { name: 'Subir E-mail' })).toBeFocused();
  await page.getByRole('button', { name: 'Remover Sobrenome' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover campo' });
  await expect(confirm).toContainText('Deseja remover o campo "Sobrenome"?');
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(page.locator('ol > li')).toHaveCount(3);
  await expect(page.locator('ol > li').nth(1)).toContainText('E-mail');
  await expectAccessible(page, 'form fields, list');
  await shot(page, '02-fields-list');
  await tab(page, 'Ajustes').click();
  const leave = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/form\/fields$/);
  // The editable mode: the widget itself, with each field's controls.
  await page.getByText('Na própria widget').click();
  await expect(page.locator('.mz-inplace-field')).toHaveCount(3);
  await page.getByRole('button', { name: 'Editar Nome' }).click();
  await page.getByLabel('Texto de exemplo').fill('Nome e sobrenome');
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.locator('.mz-inplace-field input').first()).toHaveAttribute('placeholder', 'Nome e sobrenome');
  await expectAccessible(page, 'form fields, in place');
  await shot(page, '03-fields-in-place');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Formulário configurado com sucesso!').first()).toBeVisible();

  // Mensagem agradecimento.
  await tab(page, 'Mensagem agradecimento').click();
  await page.getByLabel('Nome do remetente').fill('Coletivo Praça');
  await page.getByLabel('E-mail do remetente').fill('praca-sem-arroba');
  await page.getByLabel('Assunto').fill('Obrigado por assinar!');
  await page.getByRole('textbox', { name: 'Texto do e-mail' }).click();
  await page.keyboard.type('Sua assinatura chegou. Nos vemos no sábado!');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe um e-mail válido')).toBeVisible();
  await page.getByLabel('E-mail do remetente').fill('praca@example.org');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Mensagem de agradecimento salva.')).toBeVisible();
  await expect(page.getByText('O e-mail de agradecimento está ativo.')).toBeVisible();
  await expectAccessible(page, 'form autofire');
  await shot(page, '04-autofire');

  // Pós-inscrição: it opens on the share buttons the page shows; then a custom message.
  await tab(page, 'Pós-inscrição').click();
  await expect(page.getByRole('radio', { name: /Botões de compartilhamento/ })).toBeChecked();
  await page.getByLabel('Texto para o WhatsApp').fill('Assine também');
  await page.getByRole('radio', { name: 'Mensagem personalizada' }).check();
  await page.getByRole('textbox', { name: 'Mensagem' }).click();
  await page.keyboard.type('Valeu! Nos vemos na praça.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pós-inscrição salva.')).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page, 'form finish');
  await shot(page, '05-finish');

  // Relatório with no entries yet.
  await tab(page, 'Relatório').click();
  await expect(page.getByText('Não foi encontrado nenhum dado para ser exportado')).toBeVisible();
  await expect(page.getByText('Este relatório ainda não foi exportado.')).toBeVisible();
  await expectAccessible(page, 'form export, no data');

  // Back in the editor, the form shows as visitors will see it, under 'Clique para editar'.
  await page.getByRole('link', { name: 'Voltar para a página' }).click();
  const widget = page.locator('.mz-widget--form');
  await expect(widget.getByRole('heading', { name: 'Assine pela praça viva' })).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Clique para editar' })).toBeVisible();
  await expectAccessible(page, 'editor with a form');
  await shot(page, '06-editor');
  await widget.getByRole('button', { name: 'Clique para editar' }).click();
  await expect(page).toHaveURL(settingsUrl);

  // A visitor on the public page: invalid, then valid data, then the custom finish message.
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  const errors: string[] = [];
  visitor.on('pageerror', (error) => errors.push(error.message));
  visitor.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await visitor.goto(`http://${slug}.localhost:${port}/`);
  const form = visitor.locator('form.mz-form');
  await expect(form.getByRole('heading', { name: 'Assine pela praça viva' })).toBeVisible();
  await expect(visitor.locator('script[src^="/_mz/islands-"]')).toHaveCount(1);
  await expect(visitor.getByText('0 pessoas já assinaram')).toBeVisible();
  // Hydration by the real (preact) bundle adopted the server's markup as it was.
  const [served, live] = await visitor.evaluate(async () => {
    const html = await (await fetch('/')).text();
    const island = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-mz-island]');
    return [island?.innerHTML, document.querySelector('[data-mz-island]')?.innerHTML];
  });
  expect(live).toBe(served);
  await expectAccessible(visitor, 'public page with a form');
  await shot(visitor, '07-public-form');
  const button = form.getByRole('button', { name: 'Quero participar' });
  // The button looks ready from the start; pressed too soon, it shows what is missing.
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  await form.getByLabel('Nome').fill('Joana Moradora');
  await form.getByLabel('E-mail').fill('joana-sem-arroba');
  await form.getByLabel('Bairro').selectOption('Zona Norte');
  // Sending an invalid form (Enter) lists what is wrong and takes the focus to the first invalid field.
  await form.getByLabel('Nome').press('Enter');
  await expect(form.getByLabel('E-mail')).toBeFocused();
  await expect(form.getByRole('listitem').filter({ hasText: 'E-mail inválido' })).toBeVisible();
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(visitor, 'public form with errors');
  await shot(visitor, '08-public-errors');
  const email = uniqueEmail('joana');
  await form.getByLabel('E-mail').fill(email);
  await button.click();
  await expect(visitor.getByText('Valeu! Nos vemos na praça.')).toBeVisible();
  await expect(visitor.getByText('1 pessoa já assinou')).toBeVisible();
  await expectAccessible(visitor, 'public form finished');
  await shot(visitor, '09-public-finished');
  expect(errors).toEqual([]);

  // The organiser downloads the report and finds the entry.
  await page.goto(`${settingsUrl}/export`);
  await expect(page.getByText('1 inscrição até agora.')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar planilha' }).click();
  const file = await download;
  await expect(page.getByText('Oba! Tudo pronto (:')).toBeVisible();
  await expect(page.getByText(`O arquivo ${file.suggestedFilename()} foi baixado.`)).toBeVisible();
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv).toContain('Joana Moradora');
  expect(csv).toContain(email);
  expect(csv).toContain('Zona Norte');
  await expect(page.getByText(/^Última exportação: /)).toBeVisible();
  await expectAccessible(page, 'form export done');
  await shot(page, '10-export');

  // The thank-you e-mail waits in the sandbox mailbox.
  await page.goto('/dev/mailbox');
  await expect(page.getByText('Obrigado por assinar!').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(email).first()).toBeVisible();
  await shot(page, '11-mailbox');
});
