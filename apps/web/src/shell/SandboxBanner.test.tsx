// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { catalogues, type Locale } from '@mutirao/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../auth/SessionProvider';
import { SESSION_QUERY_KEY, type SessionData } from '../auth/sessionQuery';
import { countFormatter, i18nextOptions } from '../i18n/i18nextSetup';
import { SandboxBanner } from './SandboxBanner';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const organiser: SessionData = {
  user: {
    id: 1,
    email: 'org@example.org',
    first_name: 'Ana',
    last_name: null,
    avatar: null,
    is_admin: false,
    created_at: '2026-01-01T00:00:00Z',
    permissions: [],
  },
  communities: [],
  sandboxedServices: [],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The banner under the real SessionProvider, whose session answer is already in the cache (no request). */
async function renderBanner(session: SessionData, locale: Locale = 'pt-BR') {
  const i18n = i18next.createInstance();
  await i18n.use(countFormatter).init(i18nextOptions(locale));
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter>
              <SessionProvider>
                <SandboxBanner />
              </SessionProvider>
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </MantineProvider>,
    ),
  );
  return container;
}

describe('the sandbox banner', () => {
  it('names each sandboxed service the session answer lists, in the catalogue’s words', async () => {
    const container = await renderBanner({ ...organiser, sandboxedServices: ['payments', 'telephony'] });
    const banner = container.querySelector('[role="status"]');
    const words = catalogues['pt-BR'].sandboxBanner;
    expect(banner?.textContent).toContain(words.title);
    const items = [...(banner?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(items).toEqual([words.services.payments, words.services.telephony]);
  });

  it('speaks the interface language', async () => {
    for (const locale of ['es', 'en'] as const) {
      const container = await renderBanner({ ...organiser, sandboxedServices: ['mail'] }, locale);
      const text = container.querySelector('[role="status"]')?.textContent;
      expect(text).toContain(catalogues[locale].sandboxBanner.title);
      expect(text).toContain(catalogues[locale].sandboxBanner.services.mail);
      act(() => root?.unmount());
      root = undefined;
    }
  });

  it('is absent when nothing is sandboxed, and for a name it does not know', async () => {
    expect((await renderBanner(organiser)).querySelector('[role="status"]')).toBeNull();
    act(() => root?.unmount());
    root = undefined;
    expect(
      (await renderBanner({ ...organiser, sandboxedServices: ['carrier-pigeon'] })).querySelector('[role="status"]'),
    ).toBeNull();
  });
});
