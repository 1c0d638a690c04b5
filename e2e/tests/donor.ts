import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueEmail } from './fixtures';

export interface DonationPage {
  mobilization_id: number;
  widget_id: number;
  slug: string;
  /** The organiser's e-mail (password `journey-password`). */
  organiser: string;
}

/**
 * A community with a recipient and a published page holding a donation widget (the seed's `donationPage`): a goal of
 * R$ 10.000, the monthly offer and the counter's text 'doações', unless told otherwise.
 */
export async function seedDonationPage(
  request: APIRequestContext,
  name: string,
  options: { goal?: number; offer?: boolean; countText?: string } = {},
): Promise<DonationPage> {
  const organiser = uniqueEmail('doacao');
  const res = await request.post('/api/dev/seed', {
    data: {
      user: { email: organiser, password: 'journey-password' },
      communities: [{ name, donationPage: Object.keys(options).length ? options : true }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { communities: { donation_page: Omit<DonationPage, 'organiser'> }[] };
  const page = body.communities[0]?.donation_page;
  if (!page) throw new Error('seed made no donation page');
  return { ...page, organiser };
}

/**
 * The donor's data, as a visitor types it on the donation widget's second step, with an address of their own, which
 * it answers (to find their e-mails).
 */
export async function fillDonor(visitor: Page) {
  const field = (name: string) => visitor.getByRole('textbox', { name, exact: true });
  const email = uniqueEmail('iara');
  await field('Nome completo').fill('Iara Monteiro');
  await field('CPF ou CNPJ').fill('529.982.247-25');
  await field('E-mail').fill(email);
  await field('DDD').fill('81');
  await field('Telefone').fill('999990000');
  await field('CEP').fill('50050-000');
  await field('Rua').fill('Rua da Aurora');
  await field('Número').fill('100');
  await field('Bairro').fill('Boa Vista');
  await field('Cidade').fill('Recife');
  await visitor.getByRole('combobox', { name: 'Estado' }).selectOption('PE');
  return email;
}

/** A card for the sandbox form: its number decides what happens (README, sandbox test cards). */
export async function fillCard(visitor: Page, number: string) {
  await visitor.getByRole('textbox', { name: 'Número do cartão' }).fill(number);
  await visitor.getByRole('textbox', { name: 'Validade (MM/AA)' }).fill('12/34');
  await visitor.getByRole('textbox', { name: 'CVV' }).fill('123');
  await visitor.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('Iara Monteiro');
}
