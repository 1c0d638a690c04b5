// @vitest-environment happy-dom
import { serializeContent } from '@mutirao/core';
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withIslandCatalogue } from '../islands/withIslandCatalogue';
import { renderMobilizationHtml } from '../server';
import type { PageMobilization, PageWidget } from '../types';
import { FormView, type FormViewProps } from './FormView';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const FIELDS = [
  { uid: 'nome', kind: 'text', label: 'Nome', placeholder: 'Seu nome', required: 'true' },
  { uid: 'email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
  { uid: 'bairro', kind: 'dropdown', label: 'Bairro', placeholder: 'Centro, Norte , Sul', required: 'false' },
  { uid: 'idade', kind: 'number', label: 'Idade', placeholder: '', required: 'false' },
];
const mobilization: PageMobilization = { id: 7, name: 'Praça', twitter_share_text: 'Eu apoio a praça' };
const formWidget = (settings: Record<string, unknown> = {}): PageWidget => ({
  id: 42,
  kind: 'form',
  form_entries_count: 1234,
  settings: {
    call_to_action: 'Assine pela praça',
    button_text: 'Quero participar',
    count_text: 'pessoas já assinaram',
    main_color: '#ee0099',
    fields: JSON.stringify(FIELDS),
    sender_email: 'coordenacao@example.org',
    email_text: 'segredo do e-mail',
    finish_message_type: 'share',
    whatsapp_text: 'Assine também',
    ...settings,
  },
});

/** The public page of one form, as the server renders it; and the island's props, as the page carries them. */
function serverPage(widget = formWidget()) {
  const { body, islands } = renderMobilizationHtml(
    { mobilization, blocks: [{ id: 1, widgets: [widget] }], locale: 'pt-BR' },
    { islandsSrc: '/_mz/islands-test.js' },
  );
  const props = /<script type="application\/json" data-mz-props="mz-island-42">(.*?)<\/script>/.exec(body)?.[1];
  if (!props) throw new Error('no island props');
  return { body, islands, props: JSON.parse(props) as FormViewProps };
}

describe('form widget, rendered on the server', () => {
  it('renders labelled fields, the title, the button and the count, and embeds plain props without secrets', () => {
    const { body, islands, props } = serverPage();
    expect(body).toContain('<h3 class="mz-form__title" id="mz-form-42-title">Assine pela praça</h3>');
    expect(body).toContain('<label class="mz-form__label" for="mz-form-42-0">Nome');
    // HTML attribute names are case-insensitive; React writes some in camel case.
    expect(body).toMatch(/type="email" autocomplete="email"/i);
    expect(body).toContain('Selecione uma opção</option><option value="Centro">Centro</option>');
    expect(body).toMatch(/type="text" tabindex="-1" autocomplete="off" name="website"/i);
    expect(body).toContain('Quero participar</button>');
    expect(body).toContain('1.234 pessoas já assinaram');
    expect(props.model.fields).toHaveLength(4);
    expect(JSON.stringify(props)).not.toMatch(/coordenacao@example\.org|segredo do e-mail/);
    expect(islands).toContain('<script type="application/json" id="mz-messages">');
    expect(islands).toContain('<script defer src="/_mz/islands-test.js"></script>');
  });

  it('escapes the props so no text can close the script element', () => {
    const { body, props } = serverPage(formWidget({ call_to_action: '</script><script>alert(1)</script>' }));
    expect(body).not.toContain('</script><script>alert(1)');
    expect(props.model.callToAction).toBe('</script><script>alert(1)</script>');
  });

  it('ships no island for a page of content only', () => {
    const { islands, body } = renderMobilizationHtml(
      {
        mobilization,
        blocks: [{ id: 1, widgets: [{ id: 1, kind: 'content', settings: { content: '[]' } }] }],
        locale: 'pt-BR',
      },
      { islandsSrc: '/_mz/islands-test.js' },
    );
    expect(islands).toBe('');
    expect(body).not.toContain('data-mz-island');
  });

  it('renders the same markup from the island props and the embedded messages alone', () => {
    const { body, props } = serverPage();
    const client = withIslandCatalogue(() => renderToString(createElement(FormView, props)));
    expect(body).toContain(`data-mz-island="form">${client}</div>`);
  });
});

describe('form widget, hydrated', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/form_entries_count')
        ? Response.json({ form_entries_count: 1300 })
        : Response.json({}, { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  async function hydrate(widget = formWidget()) {
    const { body, props } = serverPage(widget);
    document.body.innerHTML = `<div class="mz-page">${body}</div>`;
    const root = document.getElementById('mz-island-42');
    if (!root) throw new Error('no island root');
    const before = root.innerHTML;
    const mismatches: unknown[] = [];
    await act(async () => {
      withIslandCatalogue(() =>
        hydrateRoot(root, createElement(FormView, JSON.parse(JSON.stringify(props))), {
          onRecoverableError: (error) => mismatches.push(error),
        }),
      );
    });
    return { root, before, mismatches, props };
  }

  const input = (root: HTMLElement, index: number) => root.querySelector(`#mz-form-42-${index}`) as HTMLInputElement;
  async function type(element: HTMLInputElement | HTMLSelectElement, value: string) {
    await act(async () => {
      const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
      element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
  }
  const submit = (root: HTMLElement) =>
    act(async () => {
      (root.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    });
  const errors = (root: HTMLElement) => [...root.querySelectorAll('.mz-form__errors li')].map((li) => li.textContent);

  it('adopts the server markup unchanged and refreshes the count', async () => {
    const { root, before, mismatches } = await hydrate();
    expect(mismatches).toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith('/api/widgets/42/form_entries_count', expect.anything());
    expect(root.innerHTML).toBe(before.replace('1.234', '1.300'));
  });

  it('keeps the button looking ready, lists the errors above it and focuses the first invalid field', async () => {
    const { root } = await hydrate();
    const button = root.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await submit(root);
    expect(errors(root)).toEqual(['Nome não pode ficar em branco', 'E-mail não pode ficar em branco']);
    await vi.waitFor(() => expect(document.activeElement).toBe(input(root, 0)));
    await type(input(root, 0), 'Ana');
    await type(input(root, 1), 'ana@invalido');
    expect(errors(root)).toEqual(['E-mail inválido']);
    expect(input(root, 1).getAttribute('aria-invalid')).toBe('true');
    expect(input(root, 1).getAttribute('aria-describedby')).toBe('mz-form-42-1-error');
    expect(root.querySelector('#mz-form-42-1-error')?.textContent).toBe('E-mail inválido');
    await type(input(root, 1), 'ana@example.org');
    expect(errors(root)).toEqual([]);
  });

  it("shows the server's messages the same way", async () => {
    const { root } = await hydrate();
    fetchMock.mockImplementationOnce(async () =>
      Response.json(
        { errors: { email: ['E-mail recusado'], fields: ['Campos do formulário inválidos'] } },
        { status: 422 },
      ),
    );
    await type(input(root, 0), 'Ana');
    await type(input(root, 1), 'ana@example.org');
    await submit(root);
    expect(errors(root)).toEqual(['E-mail recusado', 'Campos do formulário inválidos']);
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/mobilizations/7/form_entries');
    expect((init.headers as Record<string, string>)['accept-language']).toBe('pt-BR');
    const sent = JSON.parse(String(init.body));
    expect(sent.website).toBe('');
    expect(sent.form_entry.widget_id).toBe(42);
    expect(JSON.parse(sent.form_entry.fields)).toEqual([
      { uid: 'nome', kind: 'text', label: 'Nome', value: 'Ana' },
      { uid: 'email', kind: 'email', label: 'E-mail', value: 'ana@example.org' },
      { uid: 'bairro', kind: 'dropdown', label: 'Bairro', value: '' },
      { uid: 'idade', kind: 'number', label: 'Idade', value: '' },
    ]);
  });

  it('says Enviando... while sending, then shows the share screen and the new count', async () => {
    const { root } = await hydrate();
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await type(input(root, 0), 'Ana');
    await type(input(root, 1), 'ana@example.org');
    await submit(root);
    const button = root.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Enviando...');
    expect(button.disabled).toBe(true);
    await act(async () => answer(Response.json({ form_entries_count: 1301 }, { status: 201 })));
    expect(root.textContent).toContain('Agora, compartilhe com seus amigos!');
    expect(root.textContent).toContain('1.301 pessoas já assinaram');
    const whatsapp = root.querySelector('.mz-share__button--whatsapp') as HTMLAnchorElement;
    expect(whatsapp.textContent).toContain('Compartilhar no WhatsApp');
    expect(decodeURIComponent(whatsapp.href)).toContain('Assine também');
  });

  it('keeps the form when the network fails, says so, and sends the same submission again with its key', async () => {
    const { root } = await hydrate();
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    fetchMock.mockImplementationOnce(async () => Response.json({ errors: ['Erro interno'] }, { status: 503 }));
    fetchMock.mockImplementationOnce(async () => Response.json({ form_entries_count: 1301 }, { status: 201 }));
    await type(input(root, 0), 'Ana');
    await type(input(root, 1), 'ana@example.org');
    await submit(root);
    const notice = () => root.querySelector('.mz-form__retry') as HTMLElement;
    await vi.waitFor(() =>
      expect(notice().textContent).toContain(
        'Sem conexão no momento. Suas respostas estão guardadas e vamos enviar de novo sozinhos assim que der.',
      ),
    );
    expect(notice().getAttribute('role')).toBe('status');
    expect(input(root, 0).value).toBe('Ana');
    expect(errors(root)).toEqual([]);
    // 'Tentar agora' sends at once (twice: the 503 is retried too), and the answer ends the wait.
    for (let i = 0; i < 2; i++) {
      await vi.waitFor(() => expect(notice().querySelector('button')).toBeTruthy());
      await act(async () => (notice().querySelector('button') as HTMLButtonElement).click());
    }
    await vi.waitFor(() => expect(root.textContent).toContain('1.301 pessoas já assinaram'));
    const posts = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/form_entries')) as [
      string,
      RequestInit,
    ][];
    expect(posts).toHaveLength(3);
    const keys = posts.map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(posts.map(([, init]) => init.body)).size).toBe(1);
  });

  it('shows the greetings text when the form has one, else the custom finish message', async () => {
    const greetings = {
      uid: 'g',
      kind: 'greetings',
      label: 'Obrigado',
      placeholder: 'Valeu, até o ato!',
      required: 'false',
    };
    for (const [settings, expected] of [
      [{ fields: JSON.stringify([...FIELDS, greetings]) }, 'Valeu, até o ato!'],
      [
        {
          finish_message_type: 'custom',
          finish_message: serializeContent([{ type: 'paragraph', children: [{ text: 'Nos vemos na praça!' }] }]),
          finish_message_background: '0,0,0,1',
        },
        'Nos vemos na praça!',
      ],
    ] as const) {
      const { root } = await hydrate(formWidget(settings));
      fetchMock.mockImplementationOnce(async () => Response.json({ form_entries_count: 2 }, { status: 201 }));
      await type(input(root, 0), 'Ana');
      await type(input(root, 1), 'ana@example.org');
      await submit(root);
      expect(root.textContent).toContain(expected);
      expect(root.textContent).not.toContain('Agora, compartilhe');
      document.body.innerHTML = '';
    }
  });
});
