import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/client';
import { communities, type Mobilization, mobilizations } from '../db/schema';
import { visiblePageContent } from '../pages/published';
import { actionCounts } from '../widgets/counters';
import type { PublicSite } from './hosts';
import { imageUrlsOf, loadImageSizes, pageImages, withImageSizes } from './imageSizes';

/** A rendered page, ready to send as is or gzipped. */
export interface RenderedPage {
  mobilizationId: number;
  version: number;
  html: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Only active pages that are not deleted are public. */
function siteWhere(site: PublicSite): SQL | undefined {
  const where =
    site.by === 'slug'
      ? eq(mobilizations.slug, site.slug)
      : inArray(sql`lower(${mobilizations.customDomain})`, [
          site.domain.replace(/^www\./, ''),
          `www.${site.domain.replace(/^www\./, '')}`,
        ]);
  return and(where, eq(mobilizations.status, 'active'), isNull(mobilizations.deletedAt));
}

/** The page's id and version: one probe of a unique index. */
export async function findPublicPage(db: Db, site: PublicSite) {
  const [row] = await db
    .select({ id: mobilizations.id, version: mobilizations.cacheVersion })
    .from(mobilizations)
    .where(siteWhere(site))
    .limit(1);
  return row;
}

/**
 * Everything a page shows, blocks in order with their widgets (its published revision once launched, its live
 * blocks before), and the widgets' counts.
 */
export async function loadPublicPage(db: Db, id: number) {
  const [row] = await db
    .select({ mobilization: mobilizations, communityImage: communities.image })
    .from(mobilizations)
    .innerJoin(communities, eq(communities.id, mobilizations.communityId))
    .where(eq(mobilizations.id, id))
    .limit(1);
  if (!row) return undefined;
  const { mobilization, communityImage } = row;
  const page = await visiblePageContent(db, mobilization);
  // The page shows counts as of rendering; action widgets refresh their own on load (actions keep the version).
  const counts = await actionCounts(
    db,
    page.widgets.map((w) => w.id),
  );
  const backgrounds = page.blocks.flatMap((b) => (b.bgImage ? [b.bgImage] : []));
  const sizes = await loadImageSizes(db, [...imageUrlsOf(page.widgets), ...backgrounds]);
  const widgets = withImageSizes(page.widgets, sizes);
  return { mobilization, communityImage, ...page, widgets, actionCounts: counts, images: pageImages(sizes) };
}

export type PublicPageData = NonNullable<Awaited<ReturnType<typeof loadPublicPage>>>;

export function packPage(mobilization: Mobilization, html: string): RenderedPage {
  const bytes = Buffer.from(html, 'utf8');
  const hash = createHash('sha1').update(bytes).digest('base64url').slice(0, 16);
  return {
    mobilizationId: mobilization.id,
    version: mobilization.cacheVersion,
    html: bytes,
    gzip: gzipSync(bytes, { level: 9 }),
    etag: `"${hash}"`,
  };
}

/**
 * Rendered pages by mobilization, each tagged with the cache_version it was rendered from. A request looks the
 * version up (one index probe) and renders again only when it moved, so an edit shows on the very next request
 * in every web process, with no invalidation messages to lose. Bounded: least recently used pages leave first.
 */
export class PageCache {
  private readonly pages: LRUCache<number, RenderedPage>;
  constructor(maxPages = 500) {
    this.pages = new LRUCache({ max: maxPages });
  }

  get(id: number, version: number): RenderedPage | undefined {
    const page = this.pages.get(id);
    return page && page.version === version ? page : undefined;
  }

  set(page: RenderedPage) {
    this.pages.set(page.mobilizationId, page);
  }
}

type Found = Awaited<ReturnType<typeof findPublicPage>>;

/** How long a host lookup is kept at most, and after how long a request that uses it has it read again. */
export const LOOKUP_TTL_MS = 5_000;
export const LOOKUP_REFRESH_MS = 3_000;

const keyOf = (site: PublicSite) => (site.by === 'slug' ? `s:${site.slug}` : `d:${site.domain.replace(/^www\./, '')}`);

/**
 * Host lookups kept in memory on the embedded database, where every query waits its turn on one engine. The
 * triggers announce each page change on 'mutirao_pages', and PGlite runs its listeners before the changing query
 * returns, so nothing stale is ever served. On PostgreSQL the probe is cheap and runs on a pool, so each request
 * asks the database and no process can lag behind another's edit.
 */
export class HostLookups {
  // Misses are kept too (a `null` row): a flood of unknown hosts costs one query each, then nothing, up to the bound.
  // Five seconds at most, whatever happens to the notifications: a connection that dies without a word cannot keep
  // a page stale for longer.
  private readonly found: LRUCache<string, { row: Found; at: number }>;
  /** Lookups under way, shared by every request that needs the same host meanwhile (single flight). */
  private readonly loading = new Map<string, Promise<Found>>();
  /** Moves on every announced change: a lookup begun before it may have read the old row and is not kept. */
  private generation = 0;
  private listening = false;

  private readonly refreshMs: number;

  constructor(
    private readonly db: Db,
    { ttlMs = LOOKUP_TTL_MS, refreshMs = LOOKUP_REFRESH_MS } = {},
  ) {
    this.found = new LRUCache({ max: 10_000, ttl: ttlMs });
    this.refreshMs = refreshMs;
  }

  /**
   * Keeps lookups in memory while the database announces every page change (`mutirao_pages`, migration 0003): every
   * process hears every other's edits. While the announcements are lost, every lookup goes to the database.
   */
  listen(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
    return database.listen('mutirao_pages', {
      onNotify: () => this.forget(),
      onUp: () => {
        this.forget();
        this.listening = true;
      },
      onDown: () => {
        this.listening = false;
        this.forget();
      },
    });
  }

  /**
   * What memory holds for the site, without asking the database: `undefined` when it would have to. A lookup kept
   * for more than `refreshMs` is read again in the background while it is still served, so a page under
   * constant load never falls out of memory: every request in flight at the five-second bound would otherwise take
   * the slow path at once.
   */
  peek(site: PublicSite): { row: Found } | undefined {
    if (!this.listening) return undefined;
    const key = keyOf(site);
    const kept = this.found.get(key);
    if (kept && performance.now() - kept.at > this.refreshMs && !this.loading.has(key))
      this.load(key, site).catch(() => {
        // The kept lookup still ends at its bound; the next request then asks again and meets the error itself.
      });
    return kept;
  }

  async find(site: PublicSite): Promise<Found> {
    if (!this.listening) return findPublicPage(this.db, site);
    const key = keyOf(site);
    const kept = this.found.get(key);
    return kept ? kept.row : this.load(key, site);
  }

  private load(key: string, site: PublicSite): Promise<Found> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const lookup = findPublicPage(this.db, site)
      .then((row) => {
        if (generation === this.generation) this.found.set(key, { row, at: performance.now() });
        return row;
      })
      .finally(() => {
        if (this.loading.get(key) === lookup) this.loading.delete(key);
      });
    this.loading.set(key, lookup);
    return lookup;
  }

  private forget() {
    this.generation += 1;
    this.found.clear();
    this.loading.clear();
  }
}
