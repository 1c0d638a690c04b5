// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { withIslandCatalogue } from '../islands/withIslandCatalogue';
import { renderMobilizationHtml } from '../server';
import { CalculatorView, type CalculatorViewProps } from './CalculatorView';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

function serverPage(locale: 'pt-BR' | 'es' = 'pt-BR') {
  const { body, islands } = renderMobilizationHtml(
    {
      mobilization: { id: 3, name: 'Tarifa zero' },
      blocks: [{ id: 1, widgets: [{ id: 9, kind: 'busao0800' }] }],
      locale,
    },
    { islandsSrc: '/_mz/islands-test.js' },
  );
  const props = /<script type="application\/json" data-mz-props="mz-island-9">(.*?)<\/script>/.exec(body)?.[1];
  if (!props) throw new Error('no island props');
  return { body, islands, props: JSON.parse(props) as CalculatorViewProps };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('calculator widget', () => {
  it('renders as an island with the defaults: 10 employees, cost 1600, fee R$ 170,00, savings R$ 1.430,00', () => {
    const { body, islands, props } = serverPage();
    expect(body).toContain('data-mz-island="busao0800"');
    expect(props).toEqual({ widgetId: 9, locale: 'pt-BR', mode: 'public' });
    expect(islands).toContain('/_mz/islands-test.js');
    expect(body).toContain('<h3 class="mz-form__title" id="mz-calculator-9-title">Quanto sua empresa economiza?</h3>');
    expect(body).toContain(
      '<label class="mz-form__label" for="mz-calculator-9-employees">Número de funcionários</label>',
    );
    expect(body).toMatch(/id="mz-calculator-9-employees" type="number"[^>]*value="10"/);
    expect(body).toContain('R$ 170,00');
    expect(body).toContain('R$ 1.430,00');
  });

  it('speaks the page language', () => {
    expect(serverPage('es').body).toContain('Número de empleados');
  });

  it('hydrates from its props and recomputes as the visitor types', async () => {
    const { body, props } = serverPage();
    document.body.innerHTML = `<div class="mz-page">${body}</div>`;
    const root = document.getElementById('mz-island-9');
    if (!root) throw new Error('no island root');
    const before = root.innerHTML;
    const mismatches: unknown[] = [];
    await act(async () => {
      withIslandCatalogue(() =>
        hydrateRoot(root, createElement(CalculatorView, props), { onRecoverableError: (e) => mismatches.push(e) }),
      );
    });
    expect(mismatches).toEqual([]);
    expect(root.innerHTML).toBe(before);
    const type = (id: string, value: string) =>
      act(async () => {
        const input = root.querySelector(`#mz-calculator-9-${id}`) as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    const figure = (name: string) => root.querySelector(`[data-testid="calculator-${name}"]`)?.textContent;
    await withIslandCatalogue(() => type('employees', '30'));
    expect(figure('fee')).toBe('R$ 3.570,00');
    expect(figure('savings')).toBe('-R$ 1.970,00');
    await withIslandCatalogue(() => type('cost', '5000.5'));
    expect(figure('savings')).toBe('R$ 1.430,50');
  });
});
