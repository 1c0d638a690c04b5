// @vitest-environment happy-dom
import { translate } from '@mutirao/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, until } from '../testing/dom';
import { ActionsByOrigin } from './ActionsByOrigin';

const pt = (key: string) => translate('pt-BR', key);

describe('the actions by origin', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the page itself and each embedding site with its actions', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json({
        origins: [
          { origin: null, actions: 3 },
          { origin: 'https://parceira.example.org', actions: 1200 },
        ],
        total: 2,
        page: 1,
        per_page: 10,
      });
    });
    const page = await render(<ActionsByOrigin scope="mobilizations" id={9} />);
    await until(() => page.querySelector('tbody'), 'the table');
    const rows = [...page.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      [pt('embedOrigins.ourPage'), '3'],
      ['https://parceira.example.org', (1200).toLocaleString('pt-BR')],
    ]);
    expect(asked).toEqual(['/api/mobilizations/9/metrics/origins?page=1&per_page=10']);
  });

  it('says when there is nothing yet, and when the figures could not be read', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ origins: [], total: 0, page: 1, per_page: 10 }));
    const page = await render(<ActionsByOrigin scope="communities" id={5} />);
    await until(() => page.textContent?.includes(pt('embedOrigins.metricsEmpty')), 'the empty state');
    cleanup();
    vi.stubGlobal('fetch', async () => Response.json({ errors: ['não'] }, { status: 404 }));
    const failed = await render(<ActionsByOrigin scope="communities" id={5} />, {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    });
    await until(() => failed.querySelector('[role="alert"]'), 'the failure');
    expect(failed.textContent).toContain(pt('embedOrigins.metricsLoadFailed'));
  });
});
