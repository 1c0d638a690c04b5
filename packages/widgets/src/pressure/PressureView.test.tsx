// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withIslandCatalogue } from '../islands/withIslandCatalogue';
import { renderMobilizationHtml } from '../server';
import type { PageWidget } from '../types';
import type { PressureViewProps } from './PressureView';
import { PressureView } from './PressureView';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const widget = (settings: Record<string, unknown> = {}): PageWidget => ({
  id: 51,
  kind: 'pressure',
  count: 7,
  settings: {
    call_to_action: 'Pressione a Câmara',
    targets: ['Vereadora Ana <ana@camara.example.org>', 'Vereador Beto <beto@camara.example.org>'],
    pressure_subject: 'Tarifa zero já',
    pressure_body: 'Aprovem.',
    count_text: 'pessoas pressionaram',
    sender_email: 'secreto@example.org',
    ...settings,
  },
});

function serverPage(w = widget()) {
  const { body } = renderMobilizationHtml(
    { mobilization: { id: 3, name: 'Tarifa zero' }, blocks: [{ id: 1, widgets: [w] }], locale: 'pt-BR' },
    { islandsSrc: '/_mz/islands-test.js' },
  );
  const props = /<script type="application\/json" data-mz-props="mz-island-51">(.*?)<\/script>/.exec(body)?.[1];
  if (!props) throw new Error('no island props');
  return { body, props: JSON.parse(props) as PressureViewProps };
}

describe('e-mail pressure widget', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // The live count (someone pressed since the page was rendered), then the fill's answer.
    fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/count')
        ? Response.json({ count: 8 })
        : Response.json({ activist_pressure: { id: 1 }, count: 9 }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('renders the targets, labelled fields and the letter; embeds no secret settings', () => {
    const { body, props } = serverPage();
    expect(body).toContain('data-mz-island="pressure"');
    expect(body).toContain('<li>Vereadora Ana</li>');
    expect(body).toContain('<label class="mz-form__label" for="mz-pressure-51-email">E-mail');
    expect(body).toContain('Tarifa zero já');
    expect(JSON.stringify(props)).not.toContain('secreto@example.org');
    expect(props.model.count).toBe(7);
  });

  it('hydrates without mismatch, shows the spec messages, then sends the fill and shows the share screen', async () => {
    const { body, props } = serverPage(widget({ show_city: 'city-true' }));
    document.body.innerHTML = `<div class="mz-page">${body}</div>`;
    const root = document.getElementById('mz-island-51') as HTMLElement;
    const mismatches: unknown[] = [];
    await act(async () => {
      withIslandCatalogue(() =>
        hydrateRoot(root, createElement(PressureView, props), { onRecoverableError: (e) => mismatches.push(e) }),
      );
    });
    expect(mismatches).toEqual([]);
    // The page may be older than the latest pressures: the counter reads the live count once loaded.
    await vi.waitFor(() => expect(root.textContent).toContain('8 pessoas pressionaram'));
    const submit = () =>
      act(async () => {
        (root.querySelector('button[type="submit"]') as HTMLButtonElement).click();
      });
    const type = (name: string, value: string) =>
      act(async () => {
        const input = root.querySelector(`[name="${name}"]`) as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await withIslandCatalogue(submit);
    const errors = () => [...root.querySelectorAll('.mz-form__errors li')].map((li) => li.textContent);
    // Each message names its field, and the first invalid field takes the focus, described by its message.
    expect(errors()).toEqual(['Informe seu nome', 'Informe seu sobrenome', 'Informe seu e-mail', 'Informe sua cidade']);
    const first = root.querySelector('[name="firstname"]') as HTMLInputElement;
    await vi.waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector(`#${first.getAttribute('aria-describedby')}`)?.textContent).toBe('Informe seu nome');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/widgets/51/count']);
    await withIslandCatalogue(async () => {
      await type('firstname', 'Iara');
      await type('lastname', 'Monteiro');
      await type('city', 'Recife');
      await type('email', 'ana@camara.example.org');
    });
    expect(errors()).toEqual(['O e-mail que você está tentando usar é de um dos alvos da mobilização.']);
    await withIslandCatalogue(async () => {
      await type('email', 'iara@example.org');
      await submit();
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/widgets/51/fill');
    expect(JSON.parse(String(init.body))).toEqual({
      fill: {
        activist: { firstname: 'Iara', lastname: 'Monteiro', email: 'iara@example.org', city: 'Recife' },
        mail: { subject: 'Tarifa zero já', body: 'Aprovem.' },
      },
      website: '',
    });
    expect(root.querySelector('[role="status"]')).not.toBeNull();
    expect(root.textContent).toContain('9 pessoas pressionaram');
  });
});
