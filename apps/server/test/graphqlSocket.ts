import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestServer } from './harness';

/** A graphql-ws client with the given headers on the upgrade and payload in connection_init. */
export function connectSocket(
  server: TestServer,
  options: { token?: string; cookie?: string; origin?: string },
): WsClient {
  class Socket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, {
        headers: {
          ...(options.cookie && { cookie: options.cookie }),
          ...(options.origin && { origin: options.origin }),
        },
      });
    }
  }
  return createClient({
    url: `${server.url.replace('http', 'ws')}/v1/graphql`,
    webSocketImpl: Socket,
    connectionParams: options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects a subscription's events; `next()` waits for the next one. */
export function collect(client: WsClient, query: string, variables: Record<string, unknown>) {
  const events: unknown[] = [];
  const waiters: (() => void)[] = [];
  let failure: unknown;
  const stop = client.subscribe(
    { query, variables },
    {
      next: (value) => {
        events.push(value);
        waiters.shift()?.();
      },
      error: (error) => {
        failure = error;
        waiters.shift()?.();
      },
      complete: () => undefined,
    },
  );
  return {
    events,
    stop,
    failure: () => failure,
    next: (n: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (events.length >= n || failure ? resolve() : waiters.push(check));
        setTimeout(() => reject(new Error(`waited for ${n} events, got ${events.length}`)), 5000);
        check();
      }),
  };
}
