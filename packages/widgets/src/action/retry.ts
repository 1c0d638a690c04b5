import { useEffect, useRef, useState } from 'react';
import type { ActionResult } from './useActionSubmit';

/*
 * Submissions that survive a flaky network (issue 35). Every submission gets one idempotency key, made in the
 * browser and sent in the `Idempotency-Key` header; when the request fails without an answer (no network, a timeout,
 * a dropped connection, a 5xx), the widget keeps what the visitor filled in, says so, and sends the same request
 * again with the same key: after a pause that doubles up to half a minute, at once when the browser comes back
 * online, or when the visitor asks. The server answers a repeated key with its first answer, so nothing is stored
 * or charged twice.
 */

interface RetryWindow {
  navigator: { onLine?: boolean };
  crypto: { getRandomValues(bytes: Uint8Array): Uint8Array };
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
}
const win = () => globalThis as unknown as RetryWindow;

/** A fresh random key for one submission: 128 bits, in hex. */
export function newIdempotencyKey(): string {
  const bytes = win().crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The pause before the `tries`-th retry, in ms: 1 s, 2 s, 4 s… up to 30 s, with a little jitter. */
export const retryDelay = (tries: number) => Math.min(30_000, 1000 * 2 ** tries) * (0.8 + Math.random() * 0.4);

/** Whether the browser says it has no network (then the wait lasts until it comes back, or the visitor asks). */
const offline = () => win().navigator.onLine === false;

/** What the widget shows while a submission waits to go again: nothing, 'waiting' or 'offline'. */
export type RetryState = 'waiting' | 'offline' | undefined;

/**
 * Sends a submission until it gets an answer. `run(send)` calls `send` (which must send the same request, with the
 * same key, each time) and resolves with the first answer that is not a failure to retry; `state` says whether a
 * retry is pending, and `retryNow` sends at once. A widget that leaves the page stops retrying.
 */
export function useRetryingSend() {
  const [state, setState] = useState<RetryState>();
  const wake = useRef<() => void>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      wake.current?.();
    };
  }, []);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        win().removeEventListener('online', done);
        wake.current = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      win().addEventListener('online', done);
      wake.current = done;
    });

  const run = async (send: () => Promise<ActionResult>): Promise<ActionResult | undefined> => {
    for (let tries = 0; ; tries++) {
      const result = await send();
      if (result.ok || !result.retry) {
        setState(undefined);
        return result;
      }
      if (!mounted.current) return undefined;
      setState(offline() ? 'offline' : 'waiting');
      // Offline, the timer only checks back now and then: the `online` event is what ends the wait.
      await pause(offline() ? 30_000 : retryDelay(tries));
      if (!mounted.current) return undefined;
    }
  };

  return { state, run, retryNow: () => wake.current?.() };
}
