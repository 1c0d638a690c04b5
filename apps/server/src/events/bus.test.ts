import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, freshDatabase, listenConnections } from '../../test/harness';
import { APPLICATION_NAME, type Database, openDatabase } from '../db/client';
import { EventBus } from './bus';

/** The next value of an async iterator, or undefined once it ends. */
const first = async (events: AsyncGenerator<void>) => !(await events.next()).done;

describe('the event bus in one process', () => {
  it('wakes a waiter and a listener of the topic only, and ends their waits', async () => {
    const bus = new EventBus();
    const stop = new AbortController();
    const events = bus.listen('twilio_call:1', stop.signal);
    const heard = events.next();
    const other = bus.next('call:2', 60_000);
    const waited = bus.next('call:1', 60_000);
    expect(bus.waiting('call:1')).toBe(1);
    await bus.publish('call:1');
    expect(await waited).toBe(true);
    expect(bus.waiting('call:1')).toBe(0);
    await bus.publish('twilio_call:1');
    expect((await heard).done).toBe(false);
    expect(await bus.next('call:3', 10)).toBe(false);
    const gone = new AbortController();
    const abandoned = bus.next('call:3', 60_000, gone.signal);
    gone.abort();
    expect(await abandoned).toBe(false);
    stop.abort();
    expect(await first(events)).toBe(false);
    await bus.publish('call:2');
    expect(await other).toBe(true);
  });

  it('keeps for a listener the events published between listening and its first read', async () => {
    const bus = new EventBus();
    const stop = new AbortController();
    // A subscription listens, then reads the state; a write lands meanwhile.
    const events = bus.listen('twilio_call:4', stop.signal);
    await bus.publish('twilio_call:4');
    expect(await first(events)).toBe(true);
    stop.abort();
  });
});

/** Two processes, each with its own pool and bus, on one PostgreSQL. */
describe.skipIf(inject('engine') !== 'postgres')('the event bus across processes on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let other: Database;
  let a: EventBus;
  let b: EventBus;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    fresh = await freshDatabase();
    other = await openDatabase({ databaseUrl: fresh.url });
    a = new EventBus(fresh.database);
    b = new EventBus(other);
    stops.push(await a.connect(), await b.connect());
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await other?.close();
    await fresh?.database.close();
    await fresh?.drop();
  });

  it("carries events to the other process, and to the process's own listeners once", async () => {
    const onB = b.next('call:1', 60_000);
    let onA = 0;
    const stop = new AbortController();
    const events = a.listen('call:1', stop.signal);
    const counting = (async () => {
      for await (const _ of events) onA += 1;
    })();
    const widgetOnB = b.next('twilio_call:1', 60_000);
    await a.publish('call:1', 'twilio_call:1');
    expect(await onB).toBe(true);
    expect(await widgetOnB).toBe(true);
    expect(onA).toBe(1);
    // A's own NOTIFY reaches A's connection before B's, which commits after it: by B's, A has skipped its own.
    const marker = a.next('marker', 60_000);
    await b.publish('marker');
    expect(await marker).toBe(true);
    expect(onA).toBe(1);
    stop.abort();
    await counting;
  });

  it('listens again after its connection is killed, and then wakes whoever waits to read again', async () => {
    // A cache listening on another channel shares the connection (one per process), and is told of the outage.
    const cache = { notices: 0, ups: 0, downs: 0 };
    const unlisten = await other.listen('mutirao_pages', {
      onNotify: () => cache.notices++,
      onUp: () => cache.ups++,
      onDown: () => cache.downs++,
    });
    expect(await listenConnections(fresh.database)).toBe(2);
    expect(cache).toEqual({ notices: 0, ups: 1, downs: 0 });
    const waiting = b.next('call:2', 60_000);
    const stop = new AbortController();
    const subscription = b.listen('twilio_call:2', stop.signal);
    const update = subscription.next();
    await fresh.database.raw.executeSql(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [APPLICATION_NAME.listen],
    );
    // Back: the waiters were woken, whatever they may have missed meanwhile.
    expect(await waiting).toBe(true);
    expect((await update).done).toBe(false);
    stop.abort();
    const after = b.next('call:3', 60_000);
    await a.publish('call:3');
    expect(await after).toBe(true);
    await eventually(async () => (await listenConnections(fresh.database)) === 2);
    expect(cache).toEqual({ notices: 0, ups: 2, downs: 1 });
    await fresh.database.raw.executeSql("select pg_notify('mutirao_pages', '1')");
    await eventually(async () => cache.notices === 1);
    await unlisten();
  });
});
