// @vitest-environment happy-dom
import { catalogues } from '@mutirao/core/i18n';
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withIslandCatalogue } from '../islands/withIslandCatalogue';
import { renderMobilizationHtml } from '../server';
import type { PageWidget } from '../types';
import type { DonationViewProps } from './DonationView';
import { pagarmeCardHash } from './pagarme';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const widget = (settings: Record<string, unknown> = {}, goal: number | null = 1_000_000): PageWidget => ({
  id: 61,
  kind: 'donation',
  count: 3,
  goal,
  settings: {
    title_text: 'Apoie a cozinha solidária',
    button_text: 'Quero doar',
    count_text: 'doações',
    payment_type: 'users_choice',
    recurring_period: 30,
    donation_value1: '20',
    donation_value2: '50',
    donation_value3: '0',
    donation_value4: '100',
    donation_value5: '',
    default_donation_value: 2,
    payment_methods: 'true',
    goal_date_limit: '31/12/2099',
    finish_message_type: 'donation-recurrent',
    email_text: 'segredo do e-mail',
    ...settings,
  },
});

function serverPage(w = widget()) {
  const { body } = renderMobilizationHtml(
    { mobilization: { id: 9, name: 'Cozinha' }, blocks: [{ id: 1, widgets: [w] }], locale: 'pt-BR' },
    { islandsSrc: '/_mz/islands-test.js' },
  );
  const props = /<script type="application\/json" data-mz-props="mz-island-61">(.*?)<\/script>/.exec(body)?.[1];
  if (!props) throw new Error('no island props');
  return { body, props: JSON.parse(props) as DonationViewProps };
}

const CUSTOMER = {
  'customer.name': 'Iara Monteiro',
  'customer.document_number': '529.982.247-25',
  'customer.email': 'iara@example.org',
  'customer.phone.ddd': '81',
  'customer.phone.number': '999990000',
  'customer.address.zipcode': '50000-000',
  'customer.address.street': 'Rua da Aurora',
  'customer.address.street_number': '100',
  'customer.address.neighborhood': 'Boa Vista',
  'customer.address.city': 'Recife',
};

type Answer = { status: number; body: unknown };
/** A fetch double that answers by route and records what it was sent; the journey runs the real server. */
function stubServer(donations: Answer[], info: unknown = undefined, recurring?: Answer) {
  const calls: { url: string; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/widgets/61/donation')
      return Response.json(
        info ?? {
          available: true,
          checkout: { driver: 'sandbox' },
          stats: { pledged: 600_000, progress: 60, total_donations: 4 },
        },
      );
    if (url === '/api/mobilizations/9/donations') {
      const next = donations.shift() ?? { status: 500, body: {} };
      return Response.json(next.body, { status: next.status });
    }
    if (url.startsWith('/api/donations/'))
      return recurring
        ? Response.json(recurring.body, { status: recurring.status })
        : Response.json(
            { subscription: { id: 5, amount: 5000, period: 30, process_at: '2026-12-26' } },
            { status: 201 },
          );
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function hydrated(w = widget()) {
  const { body, props } = serverPage(w);
  document.body.innerHTML = `<div class="mz-page">${body}</div>`;
  const root = document.getElementById('mz-island-61') as HTMLElement;
  const mismatches: unknown[] = [];
  await act(async () => {
    withIslandCatalogue(() =>
      hydrateRoot(root, createElement(DonationViewComponent, props), { onRecoverableError: (e) => mismatches.push(e) }),
    );
  });
  return { root, mismatches };
}
const { DonationView: DonationViewComponent } = await import('./DonationView');

const inIsland = (fn: () => Promise<void>) => withIslandCatalogue(fn);
const setValue = (el: HTMLInputElement | HTMLSelectElement, value: string) => {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
};
const type = (root: HTMLElement, name: string, value: string) =>
  act(async () => setValue(root.querySelector(`[name="${name}"]`) as HTMLInputElement, value));
const click = (el: Element | null) =>
  act(async () => {
    (el as HTMLElement).click();
  });
const button = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) ?? null;
const errors = (root: HTMLElement) => [...root.querySelectorAll('.mz-form__errors li')].map((li) => li.textContent);

async function fillCustomer(root: HTMLElement) {
  for (const [name, value] of Object.entries(CUSTOMER)) await type(root, name, value);
  await type(root, 'customer.address.state', 'PE');
}

/** From the choice to a card donation of the preselected R$ 50, with the sandbox's form. */
async function donateByCard(root: HTMLElement, number: string) {
  await click(button(root, 'Quero doar'));
  await fillCustomer(root);
  await click(button(root, 'Continuar'));
  await type(root, 'card-number', number);
  await type(root, 'card-expiration', '1230');
  await type(root, 'card-cvv', '123');
  await type(root, 'card-name', 'Iara Monteiro');
  await click(button(root, 'Doar R$ 50'));
}

const words = catalogues['pt-BR'].kinds.donation;

describe('donation widget', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('renders the title, the type and the visible values with the default chosen, and embeds no secret', () => {
    const { body, props } = serverPage();
    expect(body).toContain('data-mz-island="donation"');
    expect(body).toContain('Apoie a cozinha solidária</h3>');
    expect(body).toContain('Única');
    expect(body).toContain('Todo mês');
    const values = [...body.matchAll(/name="mz-donation-61-value"( checked="")? value="(\d)"/g)];
    expect(values.map((m) => [m[2], !!m[1]])).toEqual([
      ['1', false],
      ['2', true],
      ['4', false],
    ]);
    expect(body).toContain('<span>R$ 50</span>');
    expect(body).toContain('<span>R$ 100</span>');
    expect(body).toContain('Quero doar</button>');
    expect(body).toContain('3 doações');
    // The goal's box is there (its height reserved), the bar comes with the live figures.
    expect(body).toContain('class="mz-donation__goal-figures" aria-busy="true"');
    expect(body).not.toContain('role="progressbar"');
    expect(body).toMatch(/faltam \d+ dias/);
    expect(JSON.stringify(props)).not.toContain('segredo do e-mail');
    expect(props.model).toMatchObject({ goalCents: 1_000_000, defaultSlot: 2, boleto: true, offer: true });
  });

  it('leaves out the count, the type and the goal when they are not set', () => {
    const { body } = serverPage(widget({ count_text: '', payment_type: 'unique', goal_date_limit: '' }, null));
    expect(body).not.toContain('doações');
    expect(body).not.toContain('Todo mês');
    expect(body).not.toContain('mz-donation__goal');
  });

  it('hydrates without mismatch and shows the live goal: label above 5 percent, width capped at 100', async () => {
    stubServer([]);
    const { root, mismatches } = await hydrated();
    expect(mismatches).toEqual([]);
    const bar = root.querySelector('[role="progressbar"]') as HTMLElement;
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(root.querySelector('.mz-donation__percent')?.textContent).toBe('60%');
    expect(root.textContent).toContain('R$ 6.000 de R$ 10.000');
    document.body.innerHTML = '';

    stubServer([], {
      available: true,
      checkout: { driver: 'sandbox' },
      stats: { pledged: 40_000, progress: 4, total_donations: 1 },
    });
    const low = await hydrated();
    expect(low.root.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('4');
    expect(low.root.querySelector('.mz-donation__percent')).toBeNull();
    document.body.innerHTML = '';

    stubServer([], {
      available: true,
      checkout: { driver: 'sandbox' },
      stats: { pledged: 3_000_000, progress: 300, total_donations: 9 },
    });
    const over = await hydrated();
    expect((over.root.querySelector('.mz-donation__fill') as HTMLElement).style.width).toBe('100%');
    expect(over.root.querySelector('.mz-donation__percent')?.textContent).toBe('300%');
  });

  it('shows a goal with cents exactly, and whole amounts without them', async () => {
    stubServer([], {
      available: true,
      checkout: { driver: 'sandbox' },
      stats: { pledged: 123_456, progress: 24.69, total_donations: 2 },
    });
    const { root } = await hydrated(widget({}, 500_050));
    expect(root.textContent).toContain('R$ 1.234,56 de R$ 5.000,50');
    expect(root.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe(
      'R$ 1.234,56 de R$ 5.000,50',
    );
  });

  it('shows the goal as typed in the editor, where no live figures are asked for', () => {
    const { props } = serverPage(widget({}, 500_050));
    const html = renderToStaticMarkup(createElement(DonationViewComponent, { ...props, mode: 'edit' }));
    expect(html).toContain('Meta: R$ 5.000,50');
    expect(html).not.toContain('aria-busy');
  });

  it('checks the donor’s data with the spec’s messages, then a refused card keeps it for the retry screen', async () => {
    const calls = stubServer([
      {
        status: 201,
        body: {
          donation: { id: 1, status: 'refused', payment_method: 'credit_card', amount: 5000, key: 'k1' },
          count: 4,
        },
      },
      {
        status: 201,
        body: { donation: { id: 2, status: 'paid', payment_method: 'credit_card', amount: 5000, key: 'k2' }, count: 5 },
      },
    ]);
    const { root } = await hydrated();
    await inIsland(async () => {
      await click(button(root, 'Quero doar'));
      expect(root.querySelector('h4')?.textContent).toBe('Seus dados');
      await click(button(root, 'Continuar'));
    });
    expect(errors(root)).toHaveLength(11);
    expect(errors(root)[0]).toBe('Nome completo: Preenchimento obrigatório');
    await inIsland(async () => {
      await fillCustomer(root);
      await type(root, 'customer.document_number', '111.111.111-11');
    });
    expect(errors(root)).toEqual(['CPF ou CNPJ: CPF ou CNPJ inválido']);
    const doc = root.querySelector('[name="customer.document_number"]') as HTMLInputElement;
    expect(doc.getAttribute('aria-describedby')).toBe(root.querySelector('.mz-form__errors li')?.id);
    await inIsland(async () => {
      await type(root, 'customer.document_number', '529.982.247-25');
      await click(button(root, 'Continuar'));
    });
    expect(root.querySelector('h4')?.textContent).toBe('Pagamento');
    expect(root.textContent).toContain('Ambiente de teste (sandbox)');
    await inIsland(async () => {
      await type(root, 'card-number', '4000000000000002');
      await type(root, 'card-expiration', '1230');
      await type(root, 'card-cvv', '123');
      await type(root, 'card-name', 'Iara Monteiro');
    });
    expect((root.querySelector('[name="card-number"]') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    expect((root.querySelector('[name="card-expiration"]') as HTMLInputElement).value).toBe('12/30');
    await inIsland(() => click(button(root, 'Doar R$ 50')));
    const first = calls.find((c) => c.url === '/api/mobilizations/9/donations')?.body as {
      donation: Record<string, unknown>;
    };
    expect(first.donation).toMatchObject({
      widget_id: 61,
      payment_method: 'credit_card',
      amount: 5000,
      subscription: false,
      customer: { document_number: '52998224725', phone: { ddd: '81', number: '999990000' } },
    });
    expect(first.donation.card_hash).toMatch(/^sandbox_refuse_visa_0002_/);
    expect(JSON.stringify(first)).not.toMatch(/4000000000000002|Iara Monteiro"?,"expiration|123"/);
    expect(root.querySelector('h4')?.textContent).toBe('Ops! Algo de errado aconteceu com a sua doação.');
    expect(root.textContent).toContain('O cartão não foi aceito. Confira os dados ou use outro cartão.');
    expect(button(root, 'Nova tentativa')).not.toBeNull();
    const kept = sessionStorage.getItem('mz-donation-61') ?? '';
    expect(JSON.parse(kept)).toMatchObject({ failed: true, customer: { name: 'Iara Monteiro' } });
    expect(kept).not.toMatch(/0002|12\/30/);

    // Nova tentativa: straight to payment, the donor's data kept, the card asked again, a new attempt id.
    await inIsland(async () => {
      await click(button(root, 'Nova tentativa'));
      await type(root, 'card-number', '4111111111111111');
      await type(root, 'card-expiration', '1230');
      await type(root, 'card-cvv', '123');
      await type(root, 'card-name', 'Iara Monteiro');
      await click(button(root, 'Doar R$ 50'));
    });
    const posts = calls.filter((c) => c.url === '/api/mobilizations/9/donations').map((c) => c.body) as {
      donation: { attempt: string; customer: unknown };
    }[];
    expect(posts).toHaveLength(2);
    expect(posts[1]?.donation.customer).toEqual(posts[0]?.donation.customer);
    expect(posts[1]?.donation.attempt).not.toBe(posts[0]?.donation.attempt);
    expect(sessionStorage.getItem('mz-donation-61')).toBeNull();

    // The offer: the value just given preselected, then the monthly subscription, then the share screen.
    expect(root.querySelector('h4')?.textContent).toBe('OBA! Doação realizada :)');
    expect(root.textContent).toContain('Quer aumentar seu impacto?');
    const select = root.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['R$ 20 / mês', 'R$ 50 / mês', 'R$ 100 / mês']);
    expect(select.value).toBe('2');
    await inIsland(async () => {
      await act(async () => setValue(select, '4'));
      await click(button(root, 'APOIAR TODO MÊS'));
    });
    expect(calls.at(-1)).toEqual({ url: '/api/donations/2/recurring', body: { key: 'k2', amount: 10000 } });
    expect(root.textContent).toContain('Agora, compartilhe com seus amigos!');
    expect(root.textContent).toContain('Oba! Sua doação recorrente está confirmada.');
    expect(root.textContent).toContain('5 doações');
  });

  it('says so, and goes no further, when the community cannot receive donations yet', async () => {
    stubServer([], {
      available: false,
      checkout: { driver: 'sandbox' },
      stats: { pledged: 0, progress: 0, total_donations: 0 },
    });
    const { root } = await hydrated();
    expect(root.textContent).toContain('Esta página ainda não está pronta para receber doações.');
    await inIsland(() => click(button(root, 'Quero doar')));
    expect(root.querySelector('h4')).toBeNull();
  });

  it('shows the retry screen again on return after a failure, with the data filled in', async () => {
    sessionStorage.setItem(
      'mz-donation-61',
      JSON.stringify({ customer: { name: 'Iara', email: 'iara@example.org' }, slot: 4, recurring: true, failed: true }),
    );
    stubServer([]);
    const { root, mismatches } = await hydrated();
    expect(mismatches).toEqual([]);
    expect(root.textContent).toContain('Ops! Algo de errado aconteceu com a sua doação.');
    await inIsland(async () => {
      await click(button(root, 'Nova tentativa'));
      await click(button(root, 'Voltar'));
    });
    expect((root.querySelector('[name="customer.name"]') as HTMLInputElement).value).toBe('Iara');
  });

  it('a boleto shows its extra R$ 3,00 before paying, then its line and link', async () => {
    const calls = stubServer([
      {
        status: 201,
        body: {
          donation: {
            id: 3,
            status: 'waiting_payment',
            payment_method: 'boleto',
            amount: 2300,
            boleto_url: 'https://boletos.example.org/3',
            boleto_barcode: '23790.00000 00000.000000 00000.000000 1 00000000002300',
            boleto_due_date: '2026-12-01',
            key: 'k3',
          },
        },
      },
    ]);
    const { root } = await hydrated();
    await inIsland(async () => {
      await click(root.querySelector('input[value="1"]'));
      await click(button(root, 'Quero doar'));
      await fillCustomer(root);
      await click(button(root, 'Continuar'));
      await click(root.querySelector('input[value="boleto"]'));
    });
    expect(root.textContent).toContain('O boleto tem um acréscimo de R$ 3,00: você paga R$ 23,00.');
    expect(root.querySelector('[name="card-number"]')).toBeNull();
    await inIsland(() => click(button(root, 'Gerar boleto de R$ 23,00')));
    const sent = calls.find((c) => c.url === '/api/mobilizations/9/donations')?.body as { donation: object };
    expect(sent.donation).toMatchObject({ payment_method: 'boleto', amount: 2300, subscription: false });
    expect(sent.donation).not.toHaveProperty('card_hash');
    expect((root.querySelector('textarea[readonly]') as HTMLTextAreaElement).value).toContain('23790.00000');
    expect(root.querySelector('a[href="https://boletos.example.org/3"]')?.textContent).toBe('Abrir o boleto');
    expect(root.textContent).toContain('Boleto de R$ 23,00, com vencimento em 01/12/2026.');
    expect(root.textContent).toContain('Oba, doação registrada! Sua doação é via boleto? Verifique seu email.');
    expect(root.textContent).not.toContain('Oba, doação confirmada!');
  });

  it('a paid card donation without the monthly offer thanks the donor for the card, not for a boleto', async () => {
    stubServer([
      {
        status: 201,
        body: { donation: { id: 5, status: 'paid', payment_method: 'credit_card', amount: 5000, key: 'k5' }, count: 4 },
      },
    ]);
    const { root } = await hydrated(widget({ finish_message_type: 'share' }));
    await inIsland(async () => {
      await donateByCard(root, '4111111111111111');
    });
    expect(root.textContent).toContain('Agora, compartilhe com seus amigos!');
    expect(root.textContent).toContain(
      'Oba, doação confirmada! Muito obrigado pelo seu apoio. O comprovante já está a caminho do seu e-mail.',
    );
    expect(root.textContent).not.toContain('boleto');
  });

  it('shows the server’s messages: a field it refuses back on the donor’s data, too many tries on payment', async () => {
    stubServer([
      { status: 429, body: { errors: ['Muitas tentativas. Tente de novo em alguns minutos.'] } },
      { status: 422, body: { errors: { 'customer.email': ['E-mail inválido'] } } },
    ]);
    const { root } = await hydrated(widget({ payment_type: 'recurring', payment_methods: 'false' }));
    await inIsland(async () => {
      await donateByCard(root, '4111111111111111');
    });
    expect(errors(root)).toEqual(['Muitas tentativas. Tente de novo em alguns minutos.']);
    expect(root.querySelector('h4')?.textContent).toBe('Pagamento');
    await inIsland(() => click(button(root, 'Doar R$ 50')));
    expect(root.querySelector('h4')?.textContent).toBe('Seus dados');
    expect(errors(root)).toEqual(['E-mail: E-mail inválido']);
  });

  it('the monthly offer declined ends on the thanks for the donation, and asks the server nothing', async () => {
    const calls = stubServer([
      {
        status: 201,
        body: { donation: { id: 6, status: 'paid', payment_method: 'credit_card', amount: 5000, key: 'k6' } },
      },
    ]);
    const { root } = await hydrated();
    await inIsland(async () => {
      await donateByCard(root, '4111111111111111');
      await click(button(root, words.offerDecline));
    });
    expect(root.textContent).toContain(words.donationNotNow);
    expect(root.textContent).not.toContain(words.donationOk);
    expect(calls.some((c) => c.url.startsWith('/api/donations/'))).toBe(false);
  });

  it('a refused monthly offer stays on the offer with the server’s message', async () => {
    const calls = stubServer(
      [
        {
          status: 201,
          body: { donation: { id: 7, status: 'paid', payment_method: 'credit_card', amount: 5000, key: 'k7' } },
        },
      ],
      undefined,
      { status: 422, body: { errors: { amount: ['Valor fora das opções do widget'] } } },
    );
    const { root } = await hydrated();
    await inIsland(async () => {
      await donateByCard(root, '4111111111111111');
      await click(button(root, 'APOIAR TODO MÊS'));
    });
    expect(calls.at(-1)).toEqual({ url: '/api/donations/7/recurring', body: { key: 'k7', amount: 5000 } });
    expect(root.querySelector('h4')?.textContent).toBe('OBA! Doação realizada :)');
    expect(errors(root)).toEqual(['Valor fora das opções do widget']);
    expect(button(root, 'APOIAR TODO MÊS')).not.toBeNull();
  });

  it('a provider failure leads to the retry screen saying so, not blaming the card', async () => {
    stubServer([
      {
        status: 201,
        body: { donation: { id: 8, status: 'failed', payment_method: 'credit_card', amount: 5000, key: 'k8' } },
      },
    ]);
    const { root } = await hydrated();
    await inIsland(async () => {
      await donateByCard(root, '4000000000000010');
    });
    expect(root.querySelector('h4')?.textContent).toBe('Ops! Algo de errado aconteceu com a sua doação.');
    expect(root.textContent).toContain(words.providerFailed);
    expect(root.textContent).not.toContain(words.cardNotAccepted);
    expect(JSON.parse(sessionStorage.getItem('mz-donation-61') ?? '{}')).toMatchObject({ failed: true });
  });

  it('a provider that does not answer in time gets an honest pending screen', async () => {
    stubServer([
      {
        status: 201,
        body: { donation: { id: 4, status: 'pending', payment_method: 'credit_card', amount: 5000, key: 'k' } },
      },
    ]);
    const { root } = await hydrated();
    await inIsland(async () => {
      await donateByCard(root, '4000000000000259');
    });
    expect(root.textContent).toContain('Estamos confirmando sua doação');
    expect(root.textContent).toContain('Você vai receber um e-mail');
  });
});

describe('Pagar.me checkout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the provider’s window for the card only and resolves with its card_hash', async () => {
    const opened: Record<string, string>[] = [];
    let key = '';
    vi.stubGlobal('PagarMeCheckout', {
      Checkout: class {
        success: (data: { card_hash: string }) => void;
        constructor(options: { encryption_key: string; success: (data: { card_hash: string }) => void }) {
          key = options.encryption_key;
          this.success = options.success;
        }
        open(params: Record<string, string>) {
          opened.push(params);
          this.success({ card_hash: 'hash_123' });
        }
      },
    });
    const hash = await pagarmeCardHash({
      encryptionKey: 'ek_test_1',
      scriptUrl: 'https://assets.pagar.me/checkout/checkout.js',
      amountCents: 5000,
      color: '#0b6e8a',
    });
    expect(hash).toBe('hash_123');
    expect(key).toBe('ek_test_1');
    expect(opened).toEqual([
      {
        amount: '5000',
        paymentMethods: 'credit_card',
        customerData: 'false',
        createToken: 'false',
        uiColor: '#0b6e8a',
      },
    ]);
  });
});
