// @vitest-environment happy-dom
import { catalogues, translate } from '@mutirao/core';
import { QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../auth/SessionProvider';
import { SESSION_QUERY_KEY } from '../auth/sessionQuery';
import { forgetCommunity, storeCommunity } from '../communities/communityCookie';
import { button, cleanup, click, organiser, render, until } from '../testing/dom';
import RevisionPage from './RevisionPage';

const words = catalogues['pt-BR'].publishing;
const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

const community = {
  id: 5,
  name: 'Rede Sul',
  city: 'Porto Alegre',
  description: null,
  image: null,
  time_zone: 'America/Sao_Paulo',
  role: 1,
};

const page = {
  id: 7,
  name: 'Água limpa',
  slug: 'agua',
  language: 'pt-BR',
  header_font: null,
  body_font: null,
  color_scheme: null,
};
const block = {
  id: 9,
  mobilization_id: 7,
  name: 'Abertura',
  position: 1,
  hidden: false,
  menu_hidden: false,
  bg_class: null,
  bg_image: null,
  widgets: [{ id: 11, block_id: 9, kind: 'content', sm_size: 12, md_size: 12, lg_size: 12, settings: {} }],
};

/** A fetch double answering as the server does for revision 1 of page 7, and `restore` for its restore call. */
function stubRevision(restore: () => Response) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url });
    if (url === '/v1/graphql') return Response.json({ data: { mobilizations: [page] } });
    if (url === '/api/mobilizations/7/revisions/1/restore') return restore();
    if (url === '/api/mobilizations/7/revisions/1')
      return Response.json({
        revision: {
          id: 101,
          number: 1,
          published_at: '2026-11-20T15:30:00Z',
          published_by: { id: 1, name: 'Ana' },
          scheduled: false,
          restored_from: null,
          changes: [],
        },
        live: false,
        blocks: [block],
        changes_to_draft: [{ type: 'block_edited', block_id: 9, block_name: 'Chamada', fields: ['name'] }],
      });
    if (url === '/api/mobilizations/7/revisions/2')
      return Response.json({ errors: [words.revisionNotFound] }, { status: 404 });
    return Response.json({});
  });
  return calls;
}

async function renderRevision(number = 1) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_QUERY_KEY, organiser([community]));
  return render(
    <SessionProvider>
      <Routes>
        <Route path="/" element={<Navigate to={`/mobilizations/7/history/${number}`} />} />
        <Route path="/mobilizations/:id/history/:number" element={<RevisionPage />} />
        <Route path="/mobilizations/:id/edit" element={<h1>editor</h1>} />
      </Routes>
    </SessionProvider>,
    { queryClient },
  );
}

const restoreButton = () => button(words.restore);
const dialog = () => document.querySelector('[role="dialog"]');

describe('a revision, read-only', () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => {});
    storeCommunity(community);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    forgetCommunity();
  });

  it('says which version it is and when it was published, compares it, and draws it with nothing to edit', async () => {
    stubRevision(() => Response.json({}));
    await renderRevision();
    await until(() => document.querySelector('[data-revision-page]'), 'the revision');
    expect(document.querySelector('h1')?.textContent).toBe('Versão 1');
    expect(document.querySelector('[role="note"]')?.textContent).toBe(
      'Somente leitura: esta é a versão 1, publicada em 20/11/2026 12:30.',
    );
    expect(document.querySelector('[role="alert"]')).toBeNull();
    const compare = document.querySelector(`[aria-label="${words.compareTitle}"]`);
    expect(compare?.textContent).toBe('Bloco “Chamada” alterado: nome');
    const drawn = document.querySelector('[data-revision-page]');
    expect(drawn?.hasAttribute('inert')).toBe(true);
    expect(drawn?.querySelector('section[data-block-id="9"]')?.getAttribute('aria-label')).toBe('Abertura');
    expect(drawn?.querySelector('.mz-widget__overlay, .mz-block__menu')).toBeNull();
    expect(document.body.textContent).not.toContain(words.live);
  });

  it('restores after the confirmation and goes on in the editor', async () => {
    const calls = stubRevision(() => Response.json({ restored_from: 1, has_changes: true }));
    await renderRevision();
    await until(() => document.querySelector('[data-revision-page]'), 'the revision');
    await click(restoreButton());
    await until(() => dialog(), 'the dialog');
    expect(dialog()?.textContent).toContain(t('publishing.restoreTitle', { number: 1 }));
    expect(dialog()?.textContent).toContain(t('publishing.restoreConfirm', { number: 1 }));
    expect(calls.some((c) => c.url.endsWith('/restore'))).toBe(false);
    const confirm = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === words.restore);
    if (!confirm) throw new Error('no confirm button');
    await click(confirm);
    await until(() => document.querySelector('h1')?.textContent === 'editor', 'the editor');
    expect(calls).toContainEqual({ method: 'POST', url: '/api/mobilizations/7/revisions/1/restore' });
  });

  it('shows the server’s refusal beside the button and stays', async () => {
    stubRevision(() => Response.json({ errors: ['Esta página foi removida.'] }, { status: 422 }));
    await renderRevision();
    await until(() => document.querySelector('[data-revision-page]'), 'the revision');
    await click(restoreButton());
    await until(() => dialog(), 'the dialog');
    const confirm = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === words.restore);
    if (!confirm) throw new Error('no confirm button');
    await click(confirm);
    await until(() => document.querySelector('[role="alert"]'), 'the refusal');
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Esta página foi removida.');
    expect(document.querySelector('h1')?.textContent).toBe('Versão 1');
  });

  it('is the app’s not-found page for a version the page does not have', async () => {
    stubRevision(() => Response.json({}));
    await renderRevision(2);
    await until(() => document.querySelector('h1')?.textContent === t('pages.notFoundTitle'), 'not found');
  });
});
