import type { DonationCustomer } from '@mutirao/core/widgets/donationCheckout';

/*
 * The browser APIs only the donation widget uses, typed here like `../browser.ts` does for the others (the server
 * type-checks this package without the DOM library). Touched only in handlers and effects.
 */
interface DonationWindow {
  crypto: { getRandomValues(array: Uint8Array): Uint8Array };
  sessionStorage?: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
  matchMedia?: (query: string) => { matches: boolean };
  navigator: { clipboard?: { writeText(text: string): Promise<void> } };
  performance: { now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
  cancelAnimationFrame(handle: number): void;
}

const win = () => globalThis as unknown as DonationWindow;

/** A fresh random id per try: the server charges one attempt once, however often the request arrives. */
export function randomAttempt(): string {
  const bytes = win().crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What survives a refused card for the retry screen: the donor's data and choice, never anything of the card. */
export interface KeptDonation {
  customer: DonationCustomer;
  slot?: number;
  recurring: boolean;
  /** The last try was refused or failed: the retry screen shows on return (spec 02 §4). */
  failed: boolean;
}

const storageKey = (widgetId: number) => `mz-donation-${widgetId}`;

/** Session storage can be off (privacy modes) or full; the data then lives in memory only. */
export function keepDonation(widgetId: number, kept: KeptDonation | undefined) {
  try {
    const storage = win().sessionStorage;
    if (kept) storage?.setItem(storageKey(widgetId), JSON.stringify(kept));
    else storage?.removeItem(storageKey(widgetId));
  } catch {
    // In memory only.
  }
}

export function keptDonation(widgetId: number): KeptDonation | undefined {
  try {
    const raw = win().sessionStorage?.getItem(storageKey(widgetId));
    const kept = raw ? (JSON.parse(raw) as KeptDonation) : undefined;
    return kept && typeof kept.customer === 'object' ? kept : undefined;
  } catch (error) {
    // spec 02 §8: stored data that cannot be parsed is logged, and the visitor starts afresh.
    console.error(error);
    return undefined;
  }
}

export const prefersReducedMotion = () => !!win().matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export const copyText = (value: string) => win().navigator.clipboard?.writeText(value) ?? Promise.reject();

/** Counts from 0 to `target` over `ms`, easing out, calling `step` each frame; returns a cancel function. */
export function countUp(target: number, ms: number, step: (value: number) => void): () => void {
  const w = win();
  const start = w.performance.now();
  let handle = 0;
  const frame = (time: number) => {
    const t = Math.min(1, (time - start) / ms);
    step(Math.round(target * (1 - (1 - t) ** 3)));
    if (t < 1) handle = w.requestAnimationFrame(frame);
  };
  handle = w.requestAnimationFrame(frame);
  return () => w.cancelAnimationFrame(handle);
}
