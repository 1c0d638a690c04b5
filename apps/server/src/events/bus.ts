import { EventEmitter, on } from 'node:events';

/**
 * Events of this process, by topic (`twilio_call:42`): a write publishes once it is committed, and GraphQL
 * subscriptions and long polls listen, so a change reaches a browser when it happens instead of on a timer. It is
 * in-process: one server process (the embedded database allows no other) sees every write it makes. Several
 * processes on one PostgreSQL would need LISTEN/NOTIFY behind the same two methods.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every open subscription listens on its topic; the default warning at 10 would fire on a busy page.
    this.emitter.setMaxListeners(0);
  }

  publish(topic: string, payload: unknown = null) {
    this.emitter.emit(topic, payload);
  }

  /** The topic's events as they come, until `signal` aborts. */
  async *listen<T>(topic: string, signal: AbortSignal): AsyncGenerator<T> {
    try {
      for await (const [payload] of on(this.emitter, topic, { signal })) yield payload as T;
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  /**
   * Resolves with the next event of the topic, or with undefined after `ms` or once `signal` aborts (a long poll's
   * wait, which ends early when the visitor goes away).
   */
  next<T>(topic: string, ms: number, signal?: AbortSignal): Promise<T | undefined> {
    return new Promise((resolve) => {
      const done = (payload?: T) => {
        clearTimeout(timer);
        this.emitter.off(topic, done);
        signal?.removeEventListener('abort', stop);
        resolve(payload);
      };
      const stop = () => done();
      const timer = setTimeout(done, ms);
      this.emitter.once(topic, done);
      signal?.addEventListener('abort', stop, { once: true });
    });
  }
}
