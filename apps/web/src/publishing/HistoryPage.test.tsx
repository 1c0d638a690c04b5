// @vitest-environment happy-dom
import { catalogues, translate } from '@mutirao/core';
import { QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../auth/SessionProvider';
import { SESSION_QUERY_KEY } from '../auth/sessionQuery';
import { forgetCommunity, storeCommunity } from '../communities/communityCookie';
import { button, cleanup, click, organiser, render, until } from '../testing/dom';
import HistoryPage from './HistoryPage';
import type { Revision } from './publishingApi';

const words = catalogues['pt-BR'].publishing;
const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

const manaus = {
  id: 5,
  name: 'Rede Norte',
  city: 'Manaus',
  description: null,
  image: null,
  time_zone: 'America/Manaus',
  role: 1,
};

/** Revision `number`, published at 12:00 UTC that day of November (08:00 in Manaus). */
const revision = (number: number, extra: Partial<Revision> = {}): Revision => ({
  id: 100 + number,
  number,
  published_at: `2026-11-${String(number).padStart(2, '0')}T12:00:00Z`,
  published_by: { id: 1, name: 'Ana' },
  scheduled: false,
  restored_from: null,
  changes: number === 1 ? [] : [{ type: 'block_edited', block_id: 9, block_name: 'Topo', fields: ['name'] }],
  ...extra,
});

/** A fetch double answering as the publishing API does: `total` revisions, 20 a page, newest first. */
function stubHistory(total: number, { failFirst = false } = {}) {
  const calls: string[] = [];
  let failing = failFirst;
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url === '/api/mobilizations/7/draft')
      return Response.json({ published_revision: total ? revision(total - 1) : null, restored_from: null });
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    if (failing) {
      failing = false;
      return Response.json({ errors: ['boom'] }, { status: 500 });
    }
    const numbers = Array.from({ length: total }, (_, i) => total - i).slice((page - 1) * 20, page * 20);
    return Response.json(
      numbers.map((n) =>
        n === total - 2
          ? revision(n, { scheduled: true, restored_from: 1 })
          : n === total - 3
            ? revision(n, { published_by: null })
            : revision(n),
      ),
    );
  });
  return calls;
}

async function renderHistory() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_QUERY_KEY, organiser([manaus]));
  return render(
    <SessionProvider>
      <Routes>
        <Route path="/" element={<Navigate to="/mobilizations/7/history" />} />
        <Route path="/mobilizations/:id/history" element={<HistoryPage />} />
      </Routes>
    </SessionProvider>,
    { queryClient },
  );
}

const rows = () => [...document.querySelectorAll(`ol[aria-label="${words.historyLabel}"] > li`)];
const link = (number: number) =>
  document.querySelector<HTMLAnchorElement>(`a[aria-label="${t('publishing.openRevision', { number })}"]`);

describe('the publishing history', () => {
  beforeEach(() => storeCommunity(manaus));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    forgetCommunity();
  });

  it('lists 20 versions, then the older ones on request, with who, when (in the community’s zone) and what', async () => {
    const calls = stubHistory(25);
    await renderHistory();
    await until(() => rows().length === 20, 'the first page');
    expect(rows()[0]?.querySelector('h2')?.textContent).toBe('Versão 25');
    expect(link(25)?.getAttribute('href')).toBe('/mobilizations/7/history/25');
    expect(rows()[0]?.textContent).toContain('Publicada por Ana em 25/11/2026 08:00');
    expect(rows()[0]?.textContent).toContain('Bloco “Topo” alterado: nome');
    // The draft names version 24 as the one visitors see: only its row says 'No ar'.
    expect(rows().map((r) => r.textContent?.includes(words.live))).toEqual(rows().map((_, i) => i === 1));
    expect(rows()[2]?.textContent).toContain('Publicada pelo agendamento em 23/11/2026 08:00');
    expect(rows()[2]?.textContent).toContain('Restaurada da versão 1');
    expect(rows()[3]?.textContent).toContain('Publicada em 22/11/2026 08:00');
    expect(calls.filter((c) => c.includes('/revisions'))).toEqual(['/api/mobilizations/7/revisions?page=1']);

    await click(button(words.loadMore));
    await until(() => rows().length === 25, 'the second page');
    expect(calls).toContain('/api/mobilizations/7/revisions?page=2');
    expect(rows()[24]?.textContent).toContain(words.firstRevision);
    // A short page is the last: no more to ask for, and the focus is on the first older version.
    expect(document.body.textContent).not.toContain(words.loadMore);
    expect(document.activeElement?.textContent).toBe('Versão 5');
  });

  it('offers no more for a single short page', async () => {
    stubHistory(3);
    await renderHistory();
    await until(() => rows().length === 3, 'the versions');
    expect(document.body.textContent).not.toContain(words.loadMore);
  });

  it('says when nothing was published yet', async () => {
    stubHistory(0);
    await renderHistory();
    await until(() => document.body.textContent?.includes(words.historyEmpty), 'the empty state');
    expect(rows()).toEqual([]);
  });

  it('says when the history could not be read, and reads it again on request', async () => {
    stubHistory(2, { failFirst: true });
    await renderHistory();
    await until(() => document.querySelector('[role="alert"]'), 'the failure');
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(words.loadFailed);
    await click(button(words.retry));
    await until(() => rows().length === 2, 'the versions');
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
