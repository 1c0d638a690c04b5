import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';

/**
 * What decides a caller's access, kept in memory per process: live sessions with their user, each user's
 * memberships, the communities list a user sees. On the embedded engine every admin request would otherwise queue
 * several lookups on its one engine (issue 18).
 *
 * It is exact because it is told of every change: the triggers of migration 0027 announce on 'mutirao_access' each
 * statement that changes users, ends a session, or touches memberships or communities, and any announcement drops
 * everything. PGlite runs its listeners before the changing query returns, so the next request already asks the
 * database. On PostgreSQL (opt-in, `SESSION_CACHE=true`) the announcement reaches every process a notice's delay
 * after the commit. Entries live 5 s at most, whatever happens to the notices, and while the listening connection
 * is down nothing is kept.
 *
 * The same class keeps the mobilization list's answers (`listAnswers`): those depend on more tables, announced on
 * 'mutirao_lists' (migration 0030), and on the caller's access, so they listen to both channels and are kept only
 * while both are heard.
 */
export class AccessCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  /** Bumped by every announcement: a load that started before one is not kept, as it may have read the old rows. */
  private generation = 0;
  /** Loads under way, by key, with the generation they started in. */
  private readonly loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  /** The channels being heard right now; entries are kept only while every one of them is. */
  private readonly up = new Set<string>();
  private unlisten: (() => Promise<void>)[] = [];

  constructor(
    private readonly channels: readonly string[] = ['mutirao_access'],
    { max = 20_000, ttlMs = 5_000 }: { max?: number; ttlMs?: number } = {},
  ) {
    this.entries = new LRUCache({ max, ttl: ttlMs });
  }

  /** Keeps entries from now on, while the database announces every change. */
  async listen(database: Pick<Database, 'listen'>): Promise<void> {
    for (const channel of this.channels) {
      this.unlisten.push(
        await database.listen(channel, {
          onNotify: () => this.clear(),
          onUp: () => {
            this.clear();
            this.up.add(channel);
          },
          onDown: () => {
            this.up.delete(channel);
            this.clear();
          },
        }),
      );
    }
  }

  async close() {
    this.up.clear();
    this.clear();
    await Promise.all(this.unlisten.map((stop) => stop()));
    this.unlisten = [];
  }

  get enabled() {
    return this.channels.every((channel) => this.up.has(channel));
  }

  /**
   * The value kept under key, or load()'s answer, kept when it is neither undefined nor overtaken by a change. Callers
   * that miss while a load of the same key, started since the last change, is under way wait for that one instead of
   * loading again: when an entry expires under load, one query refills it rather than one per waiting request.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.promise as Promise<T>;
    const generation = this.generation;
    const promise = load();
    this.loading.set(key, { generation, promise });
    try {
      const value = await promise;
      if (value !== undefined && generation === this.generation && this.enabled) this.entries.set(key, { value });
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
