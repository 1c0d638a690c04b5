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
 */
export class AccessCache {
  private readonly entries = new LRUCache<string, { value: unknown }>({ max: 20_000, ttl: 5_000 });
  /** Bumped by every announcement: a load that started before one is not kept, as it may have read the old rows. */
  private generation = 0;
  private listening = false;
  private unlisten?: () => Promise<void>;

  /** Keeps entries from now on, while the database announces every change. */
  async listen(database: Pick<Database, 'listen'>): Promise<void> {
    this.unlisten = await database.listen('mutirao_access', {
      onNotify: () => this.clear(),
      onUp: () => {
        this.clear();
        this.listening = true;
      },
      onDown: () => {
        this.listening = false;
        this.clear();
      },
    });
  }

  async close() {
    this.listening = false;
    this.clear();
    await this.unlisten?.();
  }

  get enabled() {
    return this.listening;
  }

  /** The value kept under key, or load()'s answer, kept when it is neither undefined nor overtaken by a change. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation && this.listening) this.entries.set(key, { value });
    return value;
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}
