// @vitest-environment happy-dom
import { translate } from '@mutirao/core';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { button, cleanup, click, errorOf, field, render, type, until } from '../../testing/dom';
import { type CommunityDetails, communityQueryKey } from './communityApi';
import { EmbedOriginsSection } from './EmbedOriginsSection';

const pt = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

const COMMUNITY: CommunityDetails = {
  id: 5,
  name: 'Coletivo',
  city: 'Recife',
  description: null,
  image: null,
  fb_link: null,
  twitter_link: null,
  email_template_from: null,
  time_zone: 'America/Sao_Paulo',
  embed_origins: ['https://parceira.example.org'],
  role: 1,
};

/** A fetch double for `PUT /api/communities/5/embed_origins`, answering as the server does (or refusing). */
function stubServer(refusal?: Record<string, string[]>) {
  const sent: string[][] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const list = (JSON.parse(String(init.body)) as { embed_origins: string[] }).embed_origins;
    sent.push(list);
    if (refusal) return Response.json({ errors: refusal }, { status: 422 });
    return Response.json({ embed_origins: list });
  });
  return sent;
}

function Screen({ readOnly = false }: { readOnly?: boolean }) {
  const { data } = useQuery({ queryKey: communityQueryKey(5), queryFn: () => COMMUNITY, initialData: COMMUNITY });
  return <EmbedOriginsSection community={data} readOnly={readOnly} />;
}

describe('the community’s sites that may embed widgets', () => {
  beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds a site normalised, removes one, and says what the list is for', async () => {
    const sent = stubServer();
    const page = await render(<Screen />, { queryClient: new QueryClient() });
    expect(page.textContent).toContain(pt('embedOrigins.help'));
    await type(field(pt('embedOrigins.label')), 'Outra.example.org/');
    await click(button(pt('embedOrigins.add')));
    await until(() => page.textContent?.includes('https://outra.example.org'), 'the new site listed');
    expect(sent).toEqual([['https://parceira.example.org', 'https://outra.example.org']]);
    expect(field(pt('embedOrigins.label')).value).toBe('');
    await click(button(pt('embedOrigins.remove', { origin: 'https://parceira.example.org' })));
    await until(() => !page.textContent?.includes('https://parceira.example.org'), 'the site removed');
    expect(sent.at(-1)).toEqual(['https://outra.example.org']);
  });

  it('refuses a bad address or a repeated one before asking, and shows the server’s refusal', async () => {
    const sent = stubServer({ embed_origins: ['Recusado pelo servidor'] });
    await render(<Screen />, { queryClient: new QueryClient() });
    const input = field(pt('embedOrigins.label'));
    await type(input, 'https://exemplo.org/campanha');
    await click(button(pt('embedOrigins.add')));
    expect(errorOf(input)).toBe(pt('embedOrigins.invalid', { value: 'https://exemplo.org/campanha' }));
    await type(input, 'https://parceira.example.org');
    await click(button(pt('embedOrigins.add')));
    expect(errorOf(input)).toBe(pt('embedOrigins.alreadyListed', { origin: 'https://parceira.example.org' }));
    expect(sent).toEqual([]);
    await type(input, 'https://nova.example.org');
    await click(button(pt('embedOrigins.add')));
    await until(() => errorOf(input) === 'Recusado pelo servidor', 'the refusal shown');
  });

  it('is read-only for a member who is not an admin', async () => {
    stubServer();
    const page = await render(<Screen readOnly />, { queryClient: new QueryClient() });
    expect(page.textContent).toContain(pt('embedOrigins.readOnly'));
    expect(page.textContent).toContain('https://parceira.example.org');
    expect(page.querySelector('input')).toBeNull();
    expect(() => button(pt('embedOrigins.remove', { origin: 'https://parceira.example.org' }))).toThrow();
  });
});
