import type { APIRequestContext, Browser } from '@playwright/test';
import { type DonationPage, fillCard, fillDonor, seedDonationPage } from './donor';
import { expect, expectAccessible, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

async function visit(browser: Browser, baseURL: string | undefined, page: DonationPage) {
  const port = new URL(baseURL ?? '').port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${page.slug}.localhost:${port}/`);
  return visitor;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** The donor's e-mails in the sandbox mailbox (open to the journeys), once at least `count` of `kind` arrived. */
async function mailsTo(request: APIRequestContext, email: string, kind: string, count = 1) {
  let mine: Mail[] = [];
  await expect(async () => {
    const box = (await (await request.get('/api/dev/mailbox')).json()) as { messages: Mail[] };
    mine = box.messages.filter((m) => m.to === email);
    expect(mine.filter((m) => m.kind === kind).length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
  return mine;
}

/** The widget's live figures, as the island reads them. */
async function pledged(request: APIRequestContext, page: DonationPage) {
  const res = await request.get(`/api/widgets/${page.widget_id}/donation`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { stats: { pledged: number } }).stats.pledged;
}

test('a visitor donates once by card, takes the monthly offer and sees the share screen', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const donationPage = await seedDonationPage(request, 'Cozinha Solidária');
  const visitor = await visit(browser, baseURL, donationPage);

  // The choice: users_choice, the default value preselected, the goal's bar from the live figures.
  await expect(visitor.getByRole('heading', { name: 'Apoie a cozinha solidária' })).toBeVisible();
  await expect(visitor.getByRole('radio', { name: 'Única' })).toBeChecked();
  await expect(visitor.getByRole('radio', { name: 'R$ 50', exact: true })).toBeChecked();
  await expect(visitor.getByRole('progressbar', { name: 'Meta de arrecadação' })).toHaveAttribute('aria-valuenow', '0');
  await expect(visitor.getByText('R$ 0 de R$ 10.000')).toBeVisible();
  await expectAccessible(visitor, 'donation widget, the choice');

  // Keyboard only: the value with the arrows, then the button.
  await visitor.getByRole('radio', { name: 'R$ 50', exact: true }).focus();
  await visitor.keyboard.press('ArrowRight');
  await expect(visitor.getByRole('radio', { name: 'R$ 100', exact: true })).toBeChecked();
  await visitor.keyboard.press('ArrowLeft');
  await expect(visitor.getByRole('radio', { name: 'R$ 50', exact: true })).toBeChecked();
  await visitor.getByRole('button', { name: 'Quero doar' }).press('Enter');

  // The donor's data: every message, the summary focused, then valid.
  await expect(visitor.getByRole('heading', { name: 'Seus dados' })).toBeFocused();
  // Pressed too soon, the button lists what is missing.
  await visitor.getByRole('button', { name: 'Continuar' }).press('Enter');
  await expect(visitor.locator('.mz-form__errors')).toBeFocused();
  await expect(visitor.getByText('Preenchimento obrigatório').first()).toBeVisible();
  await expectAccessible(visitor, 'donation widget, the donor’s data with errors');
  await fillDonor(visitor);
  await visitor.getByRole('textbox', { name: 'CPF ou CNPJ', exact: true }).fill('111.111.111-11');
  await expect(visitor.getByText('CPF ou CNPJ inválido')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'CPF ou CNPJ', exact: true }).fill('529.982.247-25');
  await visitor.getByRole('button', { name: 'Continuar' }).click();

  // Payment in the sandbox, honestly labelled.
  await expect(visitor.getByRole('heading', { name: 'Pagamento' })).toBeFocused();
  await expect(visitor.getByText('Ambiente de teste (sandbox)')).toBeVisible();
  await fillCard(visitor, '4111111111111111');
  await expect(visitor.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue('4111 1111 1111 1111');
  await expectAccessible(visitor, 'donation widget, payment');
  await visitor.getByRole('button', { name: 'Doar R$ 50' }).click();

  // The offer after a paid one-off card donation.
  await expect(visitor.getByRole('heading', { name: 'OBA! Doação realizada :)' })).toBeFocused();
  await expect(visitor.getByText('Quer aumentar seu impacto?')).toBeVisible();
  await expect(visitor.getByText('Torne essa doação recorrente!')).toBeVisible();
  const monthly = visitor.getByRole('combobox', { name: 'Valor mensal' });
  await expect(monthly.locator('option')).toHaveText(['R$ 20 / mês', 'R$ 50 / mês', 'R$ 100 / mês', 'R$ 200 / mês']);
  await monthly.selectOption({ label: 'R$ 20 / mês' });
  await expectAccessible(visitor, 'donation widget, the monthly offer');
  expect(await pledged(request, donationPage)).toBe(5000);
  await visitor.getByRole('button', { name: 'APOIAR TODO MÊS' }).click();

  await expect(visitor.getByText('Agora, compartilhe com seus amigos!')).toBeVisible();
  await expect(visitor.getByText('Oba! Sua doação recorrente está confirmada. Muito obrigado!')).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Compartilhar no WhatsApp/ })).toBeVisible();
  // The network is called X now, as its logo on the button says.
  await expect(visitor.getByRole('link', { name: /Compartilhar no X\b/ })).toBeVisible();
  await expect(visitor.getByText('1 doação', { exact: true })).toBeVisible();
  await expectAccessible(visitor, 'donation widget, the share screen');
});

test('a refused card shows the retry screen, and the donor’s data is kept for the next try', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const donationPage = await seedDonationPage(request, 'Biblioteca Comunitária');
  const visitor = await visit(browser, baseURL, donationPage);
  await visitor.getByRole('radio', { name: 'Todo mês' }).check();
  await expect(visitor.getByRole('radio', { name: 'R$ 50 / mês', exact: true })).toBeChecked();
  await visitor.getByRole('button', { name: 'Quero doar' }).click();
  const email = await fillDonor(visitor);
  await visitor.getByRole('button', { name: 'Continuar' }).click();
  // No boleto for a recurring donation.
  await expect(visitor.getByRole('radio', { name: 'Boleto' })).toHaveCount(0);
  await fillCard(visitor, '4000 0000 0000 0002');
  await visitor.getByRole('button', { name: 'Doar R$ 50' }).click();

  await expect(visitor.getByRole('heading', { name: 'Ops! Algo de errado aconteceu com a sua doação.' })).toBeFocused();
  await expect(visitor.getByRole('button', { name: 'Nova tentativa' })).toBeVisible();
  await expect(visitor.getByText('O cartão não foi aceito. Confira os dados ou use outro cartão.')).toBeVisible();
  await expectAccessible(visitor, 'donation widget, the retry screen');
  const kept = await visitor.evaluate(() => JSON.stringify(sessionStorage));
  expect(kept).toContain('Iara Monteiro');
  expect(kept).not.toMatch(/4000|0002|12\/34/);

  // Back on the page later in the session: the retry screen again; the data is still filled in.
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Nova tentativa' }).click();
  await expect(visitor.getByRole('heading', { name: 'Pagamento' })).toBeFocused();
  await expect(visitor.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue('');
  await visitor.getByRole('button', { name: 'Voltar' }).click();
  await expect(visitor.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Iara Monteiro');
  await expect(visitor.getByRole('combobox', { name: 'Estado' })).toHaveValue('PE');
  await visitor.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(visitor, '4111 1111 1111 1111');
  await visitor.getByRole('button', { name: 'Doar R$ 50' }).click();
  // A recurring donation ends on the share screen: the offer is for one-off gifts.
  await expect(visitor.getByText('Agora, compartilhe com seus amigos!')).toBeVisible();
  await expect(visitor.getByText('Oba! Sua doação recorrente está confirmada. Muito obrigado!')).toBeVisible();
  expect(await visitor.evaluate(() => sessionStorage.length)).toBe(0);

  // The refused try sent nothing; the paid retry exactly one receipt, with the next charge and the manage link.
  const mails = await mailsTo(request, email, 'donation-receipt');
  expect(mails.map((m) => m.kind)).toEqual(['donation-receipt']);
  expect(mails[0]?.text).toContain('Valor: R$ 50,00');
  expect(mails[0]?.text).toContain('Pagamento: Cartão Visa terminado em 1111');
  expect(mails[0]?.text).toMatch(
    /Esta doação se repete a cada mês: a próxima cobrança, de R\$ 50,00, será em \d{2}\/\d{2}\/\d{4}\./,
  );
  const manage = mails[0]?.text.match(/https?:\/\/\S+\/donations\/manage\/[\w-]+/)?.[0];
  expect(manage).toBeDefined();
  const donor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await donor.goto(new URL(manage as string).pathname);
  await expect(donor.getByText('R$ 50,00 por mês')).toBeVisible();
});

test('a boleto donation shows its extra R$ 3,00 before paying, then its line and link', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const donationPage = await seedDonationPage(request, 'Horta Coletiva');
  const visitor = await visit(browser, baseURL, donationPage);
  await visitor.getByRole('radio', { name: 'R$ 20', exact: true }).check();
  await visitor.getByRole('button', { name: 'Quero doar' }).click();
  const email = await fillDonor(visitor);
  await visitor.getByRole('button', { name: 'Continuar' }).click();
  await visitor.getByRole('radio', { name: 'Boleto' }).check();
  await expect(visitor.getByText('O boleto tem um acréscimo de R$ 3,00: você paga R$ 23,00.')).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Número do cartão' })).toHaveCount(0);
  await expectAccessible(visitor, 'donation widget, boleto');
  await visitor.getByRole('button', { name: 'Gerar boleto de R$ 23,00' }).click();

  const line = visitor.getByRole('textbox', { name: 'Linha digitável do boleto' });
  await expect(line).toHaveValue(/\d{5}/);
  // The sandbox's boletos have a line but no web page to open; Pagar.me's come with their https address.
  await expect(visitor.getByRole('link', { name: 'Abrir o boleto' })).toHaveCount(0);
  await expect(
    visitor.getByText('Oba, doação registrada! Sua doação é via boleto? Verifique seu email.'),
  ).toBeVisible();
  await expect(visitor.getByText(/^Boleto de R\$ 23,00, com vencimento em \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expect(visitor.getByText('Oba, doação confirmada!')).toHaveCount(0);
  await expectAccessible(visitor, 'donation widget, the boleto');
  // Not paid until the bank says so.
  expect(await pledged(request, donationPage)).toBe(0);

  // The boleto by e-mail: its line as issued, the amount with its fee, the due date; no receipt before it is paid.
  const barcode = await line.inputValue();
  const mails = await mailsTo(request, email, 'donation-boleto');
  expect(mails.map((m) => m.kind)).toEqual(['donation-boleto']);
  expect(mails[0]?.text).toContain(`Linha digitável: ${barcode}`);
  expect(mails[0]?.text).toContain('Valor: R$ 23,00 (R$ 20,00 de doação e R$ 3,00 de tarifa do boleto)');
  expect(mails[0]?.text).toMatch(/Vencimento: \d{2}\/\d{2}\/\d{4}/);
});

test('a goal with cents shows exactly, before and after a donation', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const donationPage = await seedDonationPage(request, 'Biblioteca Popular', { goal: 500_050 });
  const visitor = await visit(browser, baseURL, donationPage);
  const bar = visitor.getByRole('progressbar', { name: 'Meta de arrecadação' });
  await expect(visitor.getByText('R$ 0 de R$ 5.000,50')).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', 'R$ 0 de R$ 5.000,50');
  await expectAccessible(visitor, 'donation widget, a goal with cents');
  // Once a donation counts: what was given out of R$ 5.000,50, never rounded.
  await visitor.getByRole('radio', { name: 'R$ 100', exact: true }).check();
  await visitor.getByRole('button', { name: 'Quero doar' }).click();
  await fillDonor(visitor);
  await visitor.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(visitor, '4111 1111 1111 1111');
  await visitor.getByRole('button', { name: 'Doar R$ 100' }).click();
  await expect(visitor.getByRole('heading', { name: 'OBA! Doação Realizada :)' })).toBeFocused();
  await visitor.reload();
  await expect(visitor.getByText('R$ 100 de R$ 5.000,50')).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '2');
});

test('a card donation without the monthly offer thanks for the card, and the receipt arrives', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const donationPage = await seedDonationPage(request, 'Casa de Cultura', { offer: false });
  const visitor = await visit(browser, baseURL, donationPage);
  await visitor.getByRole('button', { name: 'Quero doar' }).click();
  const email = await fillDonor(visitor);
  await visitor.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(visitor, '4111 1111 1111 1111');
  await visitor.getByRole('button', { name: 'Doar R$ 50' }).click();

  await expect(visitor.getByText('Agora, compartilhe com seus amigos!')).toBeVisible();
  await expect(
    visitor.getByText(
      'Oba, doação confirmada! Muito obrigado pelo seu apoio. O comprovante já está a caminho do seu e-mail.',
    ),
  ).toBeVisible();
  await expect(visitor.getByText(/boleto/)).toHaveCount(0);
  await expectAccessible(visitor, 'donation widget, the card thank-you');

  const mails = await mailsTo(request, email, 'donation-receipt');
  expect(mails.map((m) => m.kind)).toEqual(['donation-receipt']);
  const [receipt] = mails;
  expect(receipt?.subject).toBe('Comprovante da sua doação para Casa de Cultura');
  expect(receipt?.text).toContain('Olá, Iara!');
  expect(receipt?.text).toContain('Valor: R$ 50,00');
  expect(receipt?.text).toMatch(/Data: \d{2}\/\d{2}\/\d{4}/);
  expect(receipt?.text).toContain('Para: Casa de Cultura');
  expect(receipt?.text).toContain(`(http://${donationPage.slug}.localhost:`);
  expect(receipt?.text).toContain('Pagamento: Cartão Visa terminado em 1111');
  expect(receipt?.text).not.toContain('/donations/manage/');
});
