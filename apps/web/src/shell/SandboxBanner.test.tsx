// @vitest-environment happy-dom
import { catalogues, type Locale } from '@mutirao/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../auth/SessionProvider';
import { SESSION_QUERY_KEY, type SessionData } from '../auth/sessionQuery';
import { cleanup, organiser, render } from '../testing/dom';
import { SandboxBanner } from './SandboxBanner';

afterEach(cleanup);

/** The banner under the real SessionProvider, whose session answer is already in the cache (no request). */
async function renderBanner(session: SessionData, locale: Locale = 'pt-BR') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  return render(
    <SessionProvider>
      <SandboxBanner />
    </SessionProvider>,
    { locale, queryClient },
  );
}

describe('the sandbox banner', () => {
  it('names each sandboxed service the session answer lists, in the catalogue’s words', async () => {
    const container = await renderBanner({ ...organiser(), sandboxedServices: ['payments', 'telephony'] });
    const banner = container.querySelector('[role="status"]');
    const words = catalogues['pt-BR'].sandboxBanner;
    expect(banner?.textContent).toContain(words.title);
    const items = [...(banner?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(items).toEqual([words.services.payments, words.services.telephony]);
  });

  it('speaks the interface language', async () => {
    for (const locale of ['es', 'en'] as const) {
      const container = await renderBanner({ ...organiser(), sandboxedServices: ['mail'] }, locale);
      const text = container.querySelector('[role="status"]')?.textContent;
      expect(text).toContain(catalogues[locale].sandboxBanner.title);
      expect(text).toContain(catalogues[locale].sandboxBanner.services.mail);
      cleanup();
    }
  });

  it('is absent when nothing is sandboxed, and for a name it does not know', async () => {
    expect((await renderBanner(organiser())).querySelector('[role="status"]')).toBeNull();
    cleanup();
    expect(
      (await renderBanner({ ...organiser(), sandboxedServices: ['carrier-pigeon'] })).querySelector('[role="status"]'),
    ).toBeNull();
  });
});
