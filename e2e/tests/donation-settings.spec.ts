import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Configurações da doação' }).getByRole('link', { name, exact: true });

async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

test('an organiser sets up a donation: users_choice with boleto and a goal, with every mistake named', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Doadora',
    community: { name: 'Cozinha Solidária', city: 'Recife' },
    page: { name: 'Marmitas para a Zona Norte', goal: 'Arrecadar para as marmitas', slugPrefix: 'marmitas' },
  });

  // 'Doação' in an empty column opens the donation's settings.
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await page.getByRole('radio', { name: '1 coluna' }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('button', { name: 'Doação', exact: true }).click();
  await expect(page).toHaveURL(/\/widgets\/\d+\/donation$/);

  // Without a recipient nobody can give: the screen says so and leads to the Recebedor tab.
  await expect(page.getByRole('link', { name: 'Cadastrar o recebedor' })).toHaveAttribute(
    'href',
    '/community/recipient',
  );

  // Ajustes: a new donation comes with a title; emptied, it is required. The colour starts as the donation's.
  await expect(page.getByLabel('Texto do botão')).toHaveValue('Doar agora');
  await page.getByLabel('Título da widget').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Insira o título da widget')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cor principal' })).toHaveValue('#54d0f6');
  await page.getByLabel('Título da widget').fill('Doe para as marmitas');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Ajustes da doação salvos.')).toBeVisible();
  await toastsGone(page);

  // Dados para doação: the spec's messages first.
  await tab(page, 'Dados para doação').click();
  await expect(page).toHaveURL(/\/donation\/settings$/);
  await page.getByRole('radio', { name: 'A pessoa escolhe' }).check();
  await expect(page.getByRole('radio', { name: 'Mensal (a cada 30 dias)' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Valor 1', exact: true }).fill('dez');
  await page.getByLabel('Meta (em reais)').fill('1.000,00');
  await page.getByLabel('Prazo da meta').fill('01012020');
  await expect(page.getByLabel('Prazo da meta')).toHaveValue('01/01/2020');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Inválido.')).toBeVisible();
  await expect(page.getByText('Informe a meta só com números, por exemplo: 1000')).toBeVisible();
  await expect(page.getByText('O prazo da meta já passou: escolha hoje ou uma data futura.')).toBeVisible();
  await page.getByLabel('Prazo da meta').fill('31022099');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Data inválida.')).toBeVisible();

  // Then the right values: three amounts, the second preselected, a goal with cents, a deadline and boleto.
  await page.getByRole('textbox', { name: 'Valor 1', exact: true }).fill('20');
  await page.getByRole('textbox', { name: 'Valor 2', exact: true }).fill('50');
  await page.getByRole('textbox', { name: 'Valor 3', exact: true }).fill('100');
  await page.getByRole('radio', { name: 'Valor 2: R$ 50' }).check();
  await page.getByLabel('Meta (em reais)').fill('5000,50');
  await page.getByLabel('Prazo da meta').fill('31122099');
  await page.getByRole('switch', { name: 'Aceitar boleto além do cartão de crédito' }).check();
  await expectAccessible(page, 'donation settings: Dados para doação');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Formulário de doação configurado com sucesso!')).toBeVisible();
  await toastsGone(page);

  // Stored as the spec says: the comma a dot, the goal column in cents.
  const widgets = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`)).json()) as {
    kind: string;
    goal: number | null;
    settings: Record<string, unknown>;
  }[];
  const donation = widgets.find((w) => w.kind === 'donation');
  expect(donation?.goal).toBe(500_050);
  expect(donation?.settings).toMatchObject({
    payment_type: 'users_choice',
    recurring_period: 30,
    donation_value1: '20',
    donation_value2: '50',
    donation_value3: '100',
    default_donation_value: 2,
    goal: '5000.50',
    goal_date_limit: '31/12/2099',
    payment_methods: 'true',
  });
  await page.reload();
  await expect(page.getByLabel('Meta (em reais)')).toHaveValue('5000,50');
  // The editor shows the goal as typed, to the cent.
  await page.getByRole('link', { name: 'Voltar para a página' }).click();
  await expect(page.getByText('Meta: R$ 5.000,50')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('switch', { name: 'Aceitar boleto além do cartão de crédito' })).toBeChecked();

  // Leaving with a change asks first.
  await page.getByRole('textbox', { name: 'Valor 4', exact: true }).fill('250');
  await tab(page, 'Pós-doação').click();
  const dialog = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page.getByRole('textbox', { name: 'Valor 4', exact: true })).toHaveValue('250');
  // Back to the new donation's fourth amount: nothing left to save.
  await page.getByRole('textbox', { name: 'Valor 4', exact: true }).fill('200');

  // Pós-doação offers the monthly donation after a one-off one.
  await tab(page, 'Pós-doação').click();
  await page.getByRole('radio', { name: 'Oferecer doação mensal' }).check();
  await expectAccessible(page, 'donation settings: Pós-doação');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  const saved = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`)).json()) as {
    kind: string;
    settings: Record<string, unknown>;
  }[];
  expect(saved.find((w) => w.kind === 'donation')?.settings.finish_message_type).toBe('donation-recurrent');
});
