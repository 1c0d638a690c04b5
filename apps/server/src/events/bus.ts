import { randomBytes } from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import type { Database } from '../db/client';

/** The NOTIFY channel events travel on between processes. */
export const EVENTS_CHANNEL = 'mutirao_events';

/** A topic names what changed (`call:42`); the listener reads the rows again. NOTIFY carries under 8000 bytes. */
const MAX_TOPIC = 200;

/**
 * Events by topic (`twilio_call:42`): a write publishes once it is committed, and GraphQL subscriptions and long polls
 * listen, so a change reaches a browser when it happens instead of on a timer. An event says only that the topic
 * changed: whoever listens reads the database again.
 *
 * The process's own listeners hear its events at once. On PostgreSQL each event also goes out as `NOTIFY
 * mutirao_events` with this process's tag, and once `connect` has run, the process hears every other process's
 * events on its one LISTEN connection (`Database.listen`); its own come back tagged and are skipped, so no listener
 * hears one twice. While that connection is down other processes' events are lost (long polls end at their timeout);
 * when it is back, every topic waited on fires once, so subscribers read the state again. On PGlite (one process) the
 * bus stays in the process.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Tells this process's NOTIFYs from the others'. */
  private readonly origin = randomBytes(6).toString('hex');

  /** `database` on PostgreSQL; without one, events stay in the process. */
  constructor(private readonly database?: Pick<Database, 'raw' | 'listen'>) {
    // Every open subscription listens on its topic; the default warning at 10 would fire on a busy page.
    this.emitter.setMaxListeners(0);
  }

  /** The LISTEN of `connect`, once per bus. */
  private hearing?: Promise<() => Promise<void>>;

  /**
   * Hears other processes' events until the returned function is called. Only a process with subscribers or long
   * polls (one that serves HTTP) needs to; a second call shares the first one's.
   */
  connect(): Promise<() => Promise<void>> {
    const stop = async () => {
      const hearing = this.hearing;
      this.hearing = undefined;
      await (await hearing)?.();
    };
    if (!this.database) return Promise.resolve(stop);
    this.hearing ??= this.database.listen(EVENTS_CHANNEL, {
      onNotify: (payload) => {
        const space = payload.indexOf(' ');
        if (space > 0 && payload.slice(0, space) !== this.origin) this.emitter.emit(payload.slice(space + 1));
      },
      // Events may have been missed while the connection was down: everyone waiting looks again. (`on` also listens
      // for 'error', which is no topic.)
      onUp: () => {
        for (const topic of this.emitter.eventNames()) if (topic !== 'error') this.emitter.emit(topic);
      },
    });
    return this.hearing.then(() => stop);
  }

  /**
   * Tells every listener of every process that the topics changed, in one statement. Call it after the write has
   * committed (a NOTIFY inside a transaction would wait for its commit, but the local listeners would not).
   */
  async publish(...topics: string[]): Promise<void> {
    const long = topics.find((topic) => topic.length > MAX_TOPIC);
    if (long) throw new Error(`topic too long: ${long.slice(0, 40)}…`);
    for (const topic of topics) this.emitter.emit(topic);
    if (!this.database || !topics.length) return;
    try {
      await this.database.raw.executeSql(`select ${topics.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`, [
        EVENTS_CHANNEL,
        ...topics.map((topic) => `${this.origin} ${topic}`),
      ]);
    } catch (error) {
      // The write is committed; other processes' listeners will read it at their next event or timeout.
      console.error(`[events] ${topics.join(', ')} not announced:`, (error as Error).message);
    }
  }

  /**
   * The topic's events as they come, until `signal` aborts. They are heard from this call on, kept until read: a
   * subscriber that listens, then reads the state, misses nothing published meanwhile.
   */
  listen(topic: string, signal: AbortSignal): AsyncGenerator<void> {
    const events = on(this.emitter, topic, { signal });
    return (async function* () {
      try {
        for await (const _ of events) yield;
      } catch (error) {
        if (!signal.aborted) throw error;
      }
    })();
  }

  /**
   * Resolves true at the topic's next event, or false after `ms` or once `signal` aborts (a long poll's wait, which
   * ends early when the visitor goes away).
   */
  next(topic: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (happened: boolean) => {
        clearTimeout(timer);
        this.emitter.off(topic, fired);
        signal?.removeEventListener('abort', stop);
        resolve(happened);
      };
      const fired = () => done(true);
      const stop = () => done(false);
      const timer = setTimeout(stop, ms);
      this.emitter.once(topic, fired);
      signal?.addEventListener('abort', stop, { once: true });
    });
  }

  /** How many wait on the topic in this process (tests wait for a long poll to be waiting). */
  waiting(topic: string): number {
    return this.emitter.listenerCount(topic);
  }
}
