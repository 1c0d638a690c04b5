// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withIslandCatalogue } from '../islands/withIslandCatalogue';
import { renderMobilizationHtml } from '../server';
import type { PageWidget } from '../types';
import type { PhonePressureViewProps } from './PhonePressureView';
import { PhonePressureView } from './PhonePressureView';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const widget: PageWidget = {
  id: 61,
  kind: 'pressure-phone',
  count: 4,
  settings: {
    call_to_action: 'Ligue para a Câmara',
    targets: ['Vereadora Ana <+5581999990000>', 'Vereador Beto <+5581999991111>'],
    count_text: 'pessoas ligaram',
    finish_message_type: 'share',
  },
};

function serverPage(shown: PageWidget = widget) {
  const { body } = renderMobilizationHtml(
    { mobilization: { id: 3, name: 'Tarifa zero' }, blocks: [{ id: 1, widgets: [shown] }], locale: 'pt-BR' },
    { islandsSrc: '/_mz/islands-test.js' },
  );
  const props = /<script type="application\/json" data-mz-props="mz-island-61">(.*?)<\/script>/.exec(body)?.[1];
  if (!props) throw new Error('no island props');
  return { body, props: JSON.parse(props) as PhonePressureViewProps };
}

/** The server as the island sees it: telephony configured or not, calls started, and each long poll held until the test answers it. */
function fakeServer(configured = true) {
  const polls: { url: string; answer(status: string, duration?: number): Promise<void> }[] = [];
  const posts: unknown[] = [];
  let nextId = 70;
  /** Calls completed: a phone pressure is a completed call, so the count moves only then. */
  let completed = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/count')) return Response.json({ count: 4 + completed });
    if (url.endsWith('/telephony'))
      return Response.json({
        twilio_configurations: { count: configured ? 1 : 0 },
        twilio_calls: { count: 0 },
        sandbox: true,
      });
    if (init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      nextId += 1;
      return Response.json(
        {
          twilio_call: { id: nextId, key: `k${nextId}`, status: 'initiated', duration: null },
          activist_pressure: { id: 9, key: 'p9' },
          count: 4 + completed,
        },
        { status: 201 },
      );
    }
    return new Promise<Response>((resolve) => {
      const id = Number(/calls\/(\d+)/.exec(url)?.[1]);
      polls.push({
        url,
        answer: async (status, duration) => {
          if (status === 'completed') completed += 1;
          resolve(Response.json({ twilio_call: { id, status, duration: duration ?? null } }));
          await new Promise((r) => setTimeout(r, 0));
        },
      });
    });
  });
  return { fetchMock, polls, posts };
}

async function mount(configured = true) {
  const fake = fakeServer(configured);
  vi.stubGlobal('fetch', fake.fetchMock);
  const { body, props } = serverPage();
  document.body.innerHTML = `<div class="mz-page">${body}</div>`;
  const root = document.getElementById('mz-island-61') as HTMLElement;
  const mismatches: unknown[] = [];
  await act(async () => {
    withIslandCatalogue(() =>
      hydrateRoot(root, createElement(PhonePressureView, props), { onRecoverableError: (e) => mismatches.push(e) }),
    );
  });
  expect(mismatches).toEqual([]);
  const type = (name: string, value: string) =>
    act(async () => {
      const input = root.querySelector(`[name="${name}"]`) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const button = (label: string) => root.querySelector(`button[aria-label="${label}"]`) as HTMLButtonElement | null;
  const click = (label: string) => act(async () => button(label)?.click());
  const statusOf = (name: string) =>
    [...root.querySelectorAll('.mz-phone__target')]
      .find((li) => li.textContent?.includes(name))
      ?.querySelector('.mz-phone__status')?.textContent;
  return { ...fake, root, type, button, click, statusOf };
}

describe('phone pressure widget', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('renders labelled fields and a Ligar button per target on the server', () => {
    const { body } = serverPage();
    expect(body).toContain('data-mz-island="pressure-phone"');
    expect(body).toContain('for="mz-phone-61-phone_number"');
    expect(body).toContain('aria-label="Ligar para Vereadora Ana"');
    expect(body).toContain('Encerrar e compartilhar');
  });

  it('shows the organiser’s button text on each call button, its name saying whom it calls', () => {
    const { body } = serverPage({ ...widget, settings: { ...(widget.settings as object), button_text: 'Ligue já' } });
    expect(body).toContain('aria-label="Ligue já: Vereadora Ana">Ligue já</button>');
    expect(body).not.toContain('>Ligar</button>');
  });

  it('checks the form with the spec messages, then follows a call to its duration and offers Religar after busy', async () => {
    const page = await mount();
    await withIslandCatalogue(() => page.click('Ligar para Vereadora Ana'));
    const errors = () => [...page.root.querySelectorAll('.mz-form__errors li')].map((li) => li.textContent);
    expect(errors()).toEqual([
      'Informe seu nome',
      'Informe seu sobrenome',
      'Informe seu e-mail',
      'Informe seu telefone com DDD',
    ]);
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('first_name'));
    await withIslandCatalogue(async () => {
      await page.type('first_name', 'Iara');
      await page.type('last_name', 'Monteiro');
      await page.type('email', 'iara@example.org');
      await page.type('phone_number', '98888-7777');
    });
    expect(errors()).toEqual(['Informe o código do país e o DDD com dois dígitos. Ex.: +5511']);
    await withIslandCatalogue(() => page.type('phone_number', '+5581999991111'));
    expect(errors()).toEqual(['O telefone que você está tentando usar é de um dos alvos da mobilização.']);
    await withIslandCatalogue(() => page.type('phone_number', '12345'));
    expect(errors()).toEqual(['Telefone inválido']);
    await withIslandCatalogue(async () => {
      await page.type('phone_number', '5581988887777');
      await page.click('Ligar para Vereadora Ana');
    });
    expect(page.posts).toEqual([
      {
        call: {
          activist: {
            first_name: 'Iara',
            last_name: 'Monteiro',
            email: 'iara@example.org',
            phone_number: '5581988887777',
            city: null,
          },
          target: '+5581999990000',
        },
        website: '',
      },
    ]);
    expect(page.statusOf('Ana')).toBe('Iniciando a ligação…');
    // Calling is not pressing yet.
    expect(page.root.querySelector('.mz-count')?.textContent).toBe('4 pessoas ligaram');
    expect(page.button('Ligar para Vereadora Ana')).toBeNull();
    await withIslandCatalogue(async () => {
      await act(() => page.polls[0]?.answer('ringing'));
    });
    expect(page.polls[0]?.url).toBe('/api/twilio/calls/71?key=k71&after=initiated');
    expect(page.statusOf('Ana')).toBe('Chamando…');
    // An answer that lags behind (a state already passed) never takes the shown state back.
    await withIslandCatalogue(() => act(() => page.polls[1]?.answer('initiated')));
    expect(page.statusOf('Ana')).toBe('Chamando…');
    await withIslandCatalogue(() => act(() => page.polls[2]?.answer('in-progress')));
    expect(page.statusOf('Ana')).toBe('Em ligação: 0 s');
    await withIslandCatalogue(() => act(async () => vi.advanceTimersByTime(3000)));
    expect(page.statusOf('Ana')).toBe('Em ligação: 3 s');
    await withIslandCatalogue(() => act(() => page.polls[3]?.answer('completed', 12)));
    expect(page.statusOf('Ana')).toBe('Ligação encerrada. Duração: 12 s');
    // The completed call is the phone pressure: the counter reads the live count again.
    await withIslandCatalogue(() => act(async () => {}));
    expect(page.root.querySelector('.mz-count')?.textContent).toBe('5 pessoas ligaram');
    expect(page.polls).toHaveLength(4);

    // The next target, in the same pressure; busy offers Religar.
    await withIslandCatalogue(() => page.click('Ligar para Vereador Beto'));
    expect(page.posts[1]).toMatchObject({ call: { target: '+5581999991111', pressure: { id: 9, key: 'p9' } } });
    await withIslandCatalogue(() => act(() => page.polls[4]?.answer('busy')));
    expect(page.statusOf('Beto')).toBe('Ocupado');
    expect(page.button('Religar para Vereador Beto')?.textContent).toBe('Religar');

    await withIslandCatalogue(() =>
      act(async () => (page.root.querySelector('.mz-form__submit') as HTMLButtonElement).click()),
    );
    expect(page.root.querySelector('[role="status"]')).not.toBeNull();
    expect(page.root.textContent).toContain('Agora, compartilhe com seus amigos!');
    expect(page.root.textContent).toContain('5 pessoas ligaram');
  });

  it('warns when the community has no telephony, and places no call', async () => {
    const page = await mount(false);
    expect(page.root.querySelector('[role="alert"]')?.textContent).toBe(
      'As ligações desta pressão ainda não estão disponíveis: a comunidade não configurou a telefonia.',
    );
    await withIslandCatalogue(() => page.click('Ligar para Vereadora Ana'));
    expect(page.posts).toEqual([]);
  });
});
