import { type Locale, renderMessage } from '@mutirao/core';
import { pageFontFamilies } from '@mutirao/widgets';
import { type EmbedAnswer, isEmbeddableKind } from '@mutirao/widgets/embed';
import { renderWidgetEmbed } from '@mutirao/widgets/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { presentBlock } from '../blocks/presenter';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { idParams, typed } from '../http/typed';
import { fontFaceCss } from '../public/fonts';
import { ISLANDS_PREFIX, type IslandBundle } from '../public/islands';
import { loadPublicPage } from '../public/pages';
import { presentWidget } from '../widgets/presenter';
import { findPublishedWidget } from '../widgets/visitor';
import { type EmbedBundles, embedBundles } from './bundles';
import { embedOrigin, requestOrigin } from './origins';

/** The loader's address is fixed (it is in every snippet), so it is cached briefly: a new version reaches sites soon. */
const LOADER_CACHE = 'public, max-age=300';
/** An answer may be a minute old: the widget's live count refreshes on load, as on the page. */
const ANSWER_CACHE = 'public, max-age=60';

/**
 * Another site's page embedding an action widget (issue 35): the loader at /embed.js, its kinds' bundles under /_mz/,
 * and `GET /api/embed/widgets/{id}`, the widget rendered as on its published page for the loader to put in a shadow
 * root. Only the sites the community lists (`embeds/origins.ts`) get the widget; any other is answered 403 with the
 * reason in the page's language, with CORS open so the loader can read it and say so in the host page's console.
 * Every address in the answers comes from configuration (APP_URL), never from the request.
 */
export function embedRoutes(app: FastifyInstance, ctx: AppContext): (src: string) => Promise<IslandBundle | undefined> {
  const base = adminBaseUrl(ctx.config);
  const bundles = embedBundles(base, ctx.config.production);
  /** Rendered answers by widget and page version: the same for every allowed site. */
  const rendered = new LRUCache<string, EmbedAnswer>({ max: 2_000 });

  app.get('/embed.js', async (request, reply) => {
    const found = await bundles();
    if (!found) return reply.status(404).send();
    reply.headers({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': LOADER_CACHE,
      'access-control-allow-origin': '*',
      vary: 'accept-encoding',
    });
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(found.loader.gzip);
    }
    return reply.send(found.loader.code);
  });

  const refuse = (reply: FastifyReply, status: number, locale: Locale, key: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .send({ errors: [renderMessage(locale, key)] });

  typed(app).get('/api/embed/widgets/:id', { schema: { params: idParams } }, async (request, reply) => {
    // Open to every site, so the loader can read a refusal too; what is shared depends on the Origin header.
    const origin = requestOrigin(request.headers.origin);
    reply.headers({ 'access-control-allow-origin': origin ?? '*', vary: 'Origin' });
    let found: Awaited<ReturnType<typeof findPublishedWidget>>;
    try {
      found = await findPublishedWidget(ctx.db, request.params.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found')
        return refuse(reply, 404, localeOf(request), 'formEntries.widgetNotFound');
      throw error;
    }
    const locale: Locale = found.language === 'es' ? 'es' : 'pt-BR';
    if (!isEmbeddableKind(found.widget.kind)) return refuse(reply, 404, locale, 'embed.notEmbeddable');
    if (!(await embedOrigin(ctx, found.communityId, origin))) return refuse(reply, 403, locale, 'embed.refused');
    const key = `${found.widget.id}:${found.version}`;
    let answer = rendered.get(key);
    if (!answer) {
      answer = await renderAnswer(ctx, await bundles(), base, found.mobilizationId, found.widget.id, locale);
      if (!answer) return refuse(reply, 404, locale, 'formEntries.widgetNotFound');
      rendered.set(key, answer);
    }
    return reply.header('cache-control', ANSWER_CACHE).send(answer);
  });

  return async (src) => {
    if (!src.startsWith(`${ISLANDS_PREFIX}embed-`)) return undefined;
    const found = await bundles();
    return Object.values(found?.islands ?? {}).find((bundle) => bundle.src === src);
  };
}

/** The widget as its published page renders it, with its theme, fonts, messages and its kind's bundle. */
async function renderAnswer(
  ctx: AppContext,
  bundles: EmbedBundles | undefined,
  base: string,
  mobilizationId: number,
  widgetId: number,
  locale: Locale,
): Promise<EmbedAnswer | undefined> {
  const data = await loadPublicPage(ctx.db, mobilizationId);
  const widgetRow = data?.widgets.find((w) => w.id === widgetId);
  const blockRow = widgetRow && data?.blocks.find((b) => b.id === widgetRow.blockId);
  if (!data || !widgetRow || !blockRow) return undefined;
  const m = data.mobilization;
  const mobilization = {
    id: m.id,
    name: m.name,
    header_font: m.headerFont,
    body_font: m.bodyFont,
    color_scheme: m.colorScheme,
    twitter_share_text: m.twitterShareText,
  };
  const widget = presentWidget(widgetRow, data.actionCounts);
  const block = presentBlock(blockRow);
  const view = renderWidgetEmbed({
    mobilization,
    block,
    widget,
    locale,
    images: data.images,
    privacyUrl: `${base}/privacy?mobilization=${m.id}`,
  });
  const bundle = view && bundles?.islands[view.island];
  if (!view || !bundle) return undefined;
  return {
    kind: widget.kind as EmbedAnswer['kind'],
    ...view,
    fonts: fontFaceCss(pageFontFamilies(mobilization, [block], [widget]), base),
    script: `${base}${bundle.src}`,
    locale,
    privacy: `${base}/privacy?mobilization=${m.id}`,
  };
}
