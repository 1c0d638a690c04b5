import { randomBytes } from 'node:crypto';
import { sandboxCardToken } from '@mutirao/core';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';

test.use({ actionTimeout: 15_000 });

/** A community with a recipient and a published page with a donation widget (the seed's `donationPage`). */
async function seedDonationPage(request: APIRequestContext) {
  const community = `Horta Comunitária ${Date.now().toString(36)}`;
  const res = await request.post('/api/dev/seed', {
    data: {
      user: { email: uniqueEmail('horta'), password: 'journey-password' },
      communities: [{ name: community, donationPage: true }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as {
    communities: { id: number; donation_page: { mobilization_id: number; widget_id: number } }[];
  };
  const seeded = body.communities[0];
  if (!seeded) throw new Error('seed made no donation page');
  return { community, communityId: seeded.id, ...seeded.donation_page };
}

/** A monthly R$ 50 donation by a sandbox card through the visitors' API; its e-mail carries the manage link. */
async function giveMonthly(request: APIRequestContext, page: { mobilization_id: number; widget_id: number }) {
  const email = uniqueEmail('doadora');
  const card = { number: '4111111111111111', name: 'IARA MONTEIRO', expiration: '12/34', cvv: '123' };
  const res = await request.post(`/api/mobilizations/${page.mobilization_id}/donations`, {
    data: {
      donation: {
        widget_id: page.widget_id,
        payment_method: 'credit_card',
        amount: 5000,
        card_hash: sandboxCardToken(card, randomBytes(6).toString('hex')),
        subscription: true,
        period: 30,
        attempt: randomBytes(8).toString('hex'),
        customer: {
          name: 'Iara Monteiro',
          document_number: '529.982.247-25',
          email,
          phone: { ddd: '81', number: '988887777' },
          address: {
            zipcode: '50030-230',
            street: 'Rua da Aurora',
            street_number: '100',
            neighborhood: 'Boa Vista',
            city: 'Recife',
            state: 'PE',
          },
        },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  let link: string | undefined;
  await expect(async () => {
    const box = (await (await request.get('/api/dev/mailbox')).json()) as { messages: { to: string; text: string }[] };
    link = box.messages.find((m) => m.to === email)?.text.match(/https?:\/\/\S+\/donations\/manage\/[\w-]+/)?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return new URL(link as string).pathname;
}

test('a donor opens the manage link, moves the next charge, changes the card and cancels', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedDonationPage(request);
  const path = await giveMonthly(request, seeded);
  // The donor has no account: a fresh browser, nobody signed in.
  const donor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await donor.goto(path);
  await expect(donor.getByRole('heading', { name: 'Sua doação recorrente' })).toBeVisible();
  await expect(donor.getByText(`Você apoia Doação ${seeded.communityId}, de ${seeded.community}.`)).toBeVisible();
  await expect(donor.getByText('R$ 50,00 por mês')).toBeVisible();
  await expect(donor.getByText('Ativa', { exact: true })).toBeVisible();
  await expect(donor.getByText('Visa terminado em 1111')).toBeVisible();
  await expectAccessible(donor, 'manage page');

  // The next charge date: required, a real date, not in the past.
  const date = donor.getByRole('textbox', { name: 'Nova data (DD/MM/AAAA)' });
  await date.fill('31022099');
  await expect(date).toHaveValue('31/02/2099');
  await donor.getByRole('button', { name: 'Salvar a data' }).click();
  await expect(donor.getByText('Data inválida.')).toBeVisible();
  await date.fill('01012020');
  await donor.getByRole('button', { name: 'Salvar a data' }).click();
  await expect(donor.getByText('Escolha hoje ou uma data futura')).toBeVisible();
  await date.fill('15012099');
  await donor.getByRole('button', { name: 'Salvar a data' }).click();
  await expect(donor.getByText('Data da próxima cobrança atualizada.')).toBeVisible();
  await expect(donor.getByRole('definition').filter({ hasText: '15/01/2099' })).toBeVisible();

  // A new card: every field required, the number grouped in fours as typed, the expiry as MM/YY.
  await donor.getByRole('button', { name: 'Salvar o novo cartão' }).click();
  await expect(donor.getByText('Preenchimento obrigatório')).toHaveCount(4);
  const number = donor.getByRole('textbox', { name: 'Número do cartão' });
  await number.pressSequentially('5555555555554444');
  await expect(number).toHaveValue('5555 5555 5555 4444');
  await donor.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('Iara 2');
  await donor.getByRole('textbox', { name: 'Validade (MM/AA)' }).pressSequentially('1234');
  await expect(donor.getByRole('textbox', { name: 'Validade (MM/AA)' })).toHaveValue('12/34');
  await donor.getByRole('textbox', { name: 'CVV' }).fill('12345');
  await expect(donor.getByRole('textbox', { name: 'CVV' })).toHaveValue('1234');
  await donor.getByRole('button', { name: 'Salvar o novo cartão' }).click();
  await expect(donor.getByText('Use só letras e espaços, como no cartão')).toBeVisible();
  await donor.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('Iara Monteiro');
  await expectAccessible(donor, 'manage page, new card');
  await donor.getByRole('button', { name: 'Salvar o novo cartão' }).click();
  await expect(donor.getByText('Cartão atualizado. As próximas cobranças usarão o novo cartão.')).toBeVisible();
  await expect(donor.getByText('Mastercard terminado em 4444')).toBeVisible();
  await expect(number).toHaveValue('');

  // Cancelling asks first; Escape keeps the donation and gives the focus back.
  const cancel = donor.getByRole('button', { name: 'Cancelar a doação' });
  await cancel.click();
  const dialog = donor.getByRole('dialog', { name: 'Cancelar a doação recorrente?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Não, manter a doação' })).toBeFocused();
  await expectAccessible(donor, 'manage page, cancel dialog');
  await donor.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(donor.getByText('Doação cancelada. Obrigado pelo apoio até aqui!')).toBeVisible();
  await expect(donor.getByText('Cancelada', { exact: true })).toBeVisible();
  await expect(
    donor.getByText(/^Cancelada em \d{2}\/\d{2}\/\d{4}\. Nenhuma nova cobrança será feita\.$/),
  ).toBeVisible();
  await expect(donor.getByRole('button', { name: 'Cancelar a doação' })).toHaveCount(0);
  await expect(donor.getByRole('button', { name: 'Salvar o novo cartão' })).toHaveCount(0);

  // The same link later still shows the cancelled donation, read-only.
  await donor.reload();
  await expect(donor.getByText('Cancelada', { exact: true })).toBeVisible();
  await expectAccessible(donor, 'manage page, cancelled');
});

test('a wrong manage link is a page that says so, not an error', async ({ browser }) => {
  const donor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await donor.goto(`/donations/manage/${'x'.repeat(43)}`);
  await expect(donor.getByRole('heading', { name: 'Este link não vale mais' })).toBeVisible();
  await expect(donor.getByText(/expirou ou foi substituído/)).toBeVisible();
  await expectAccessible(donor, 'manage page, invalid link');
});
