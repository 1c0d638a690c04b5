// @vitest-environment happy-dom
import { catalogues } from '@mutirao/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../auth/SessionProvider';
import { SESSION_QUERY_KEY } from '../auth/sessionQuery';
import { forgetCommunity, storeCommunity } from '../communities/communityCookie';
import { button, cleanup, click, field, organiser, render, type, until } from '../testing/dom';
import BotPage from './BotPage';

const words = catalogues['pt-BR'].massMessages;

const cozinha = {
  id: 5,
  name: 'Cozinha',
  city: 'Recife',
  description: null,
  image: null,
  time_zone: 'America/Recife',
  role: 1,
};

/** A fetch double answering as the bot API does, recording each request. */
function stubBot() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/communities/5/bot/audience'))
      return Response.json({
        recipients: [{ id: 1, first_name: 'Iara', last_name: 'Monteiro', profile_pic: null, gender: null }],
        total: 2,
        matched: 3,
        skipped: 1,
        facebook_bot_configuration_id: 1,
      });
    if (url === '/api/enqueue-mass-messages')
      return Response.json(
        { id: 11, status: 'queued', total_impacted_activists: 2, skipped_count: 1 },
        { status: 201 },
      );
    if (url.startsWith('/api/communities/5/bot/campaigns')) return Response.json({ campaigns: [], next_cursor: null });
    return Response.json([]);
  });
  return calls;
}

const heading = () => document.querySelector('h2')?.textContent;

describe('the chat-bot wizard', () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => {});
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
    storeCommunity(cozinha);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    forgetCommunity();
  });

  it('goes from who to what to queued, keeps the draft when going back, and starts afresh', async () => {
    const calls = stubBot();
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, organiser([cozinha]));
    await render(
      <SessionProvider>
        <BotPage />
      </SessionProvider>,
      { queryClient },
    );
    expect(heading()).toBe(words.stepSegmentation);
    await until(() => !button(words.next).disabled, 'the audience');
    expect(document.body.textContent).toContain('1 pessoa sem autorização no Messenger fica de fora');
    await click(button(words.next));
    expect(heading()).toBe(words.stepMessage);

    await type(field(words.name), 'Mutirão de sábado');
    await click(button(words.back));
    expect(heading()).toBe(words.stepSegmentation);
    await click(button(words.next));
    expect(field(words.name).value).toBe('Mutirão de sábado');

    await type(field<HTMLTextAreaElement>(words.text), 'Vem com a gente!');
    await click(button('Enviar para 2 pessoas'));
    await until(() => document.querySelector('[role="dialog"]'), 'the confirmation');
    await click(button(words.confirmSend));
    await until(() => heading() === words.doneTitle, 'the last step');
    expect(calls.find((c) => c.url === '/api/enqueue-mass-messages')?.body).toMatchObject({
      community_id: 5,
      name: 'Mutirão de sábado',
      segmentation: { filter: { operator: 'and', period: 'always' } },
    });
    expect(document.querySelector('[role="status"]')?.textContent).toBe(
      'Ela vai chegar a 2 pessoas. 1 pessoa sem autorização no Messenger fica de fora.',
    );

    await click(button(words.again));
    expect(heading()).toBe(words.stepSegmentation);
    await until(() => !button(words.next).disabled, 'the audience again');
    await click(button(words.next));
    expect(field(words.name).value).toBe('');
  });
});
