import { type Locale, translate } from '@mutirao/core/i18n';
import { apiUrl } from './apiBase';

/*
 * The anti-spam challenge in the visitor's browser (issue 35). When a page requires it (its islands' wrappers carry
 * `data-mz-challenge`, see `islands/client.tsx`) or an action was refused with `code: 'challenge_required'` (the
 * page switched it on by itself), the widget asks our server for a challenge, loads the altcha web component and
 * its worker from our server (not from the island bundle: only pages that need it pay for it), solves it in the
 * background and sends the solution in the `x-altcha` header of its next action (`postAction`). A solution is good
 * once, so the next one is solved as soon as one is used. No cookie, no third party. A status line under the widget
 * (a polite live region) says what is happening, in the page's language.
 *
 * Typed without the DOM library, like `browser.ts`: the server type-checks this package too.
 */

/** Where a widget's challenge comes from: the one address this module fetches (absolute inside an embed). */
export const challengeUrl = (widgetId: number) => apiUrl(`/api/widgets/${widgetId}/challenge`);

/**
 * The solver's worker. On our pages, the file from our origin; inside an embed the page is another site's, where a
 * worker cannot start from our address: a worker made from a blob on that page imports our file instead (a classic
 * worker may import scripts from anywhere).
 */
function startWorker(b: Browser, url: string): unknown {
  if (!/^https?:/.test(url)) return new b.Worker(url);
  const source = new b.Blob([`importScripts(${JSON.stringify(url)});`], { type: 'text/javascript' });
  return new b.Worker(b.URL.createObjectURL(source));
}

/** The refusal's `code` when an action needs a solution it did not carry (`antispam/guard.ts`). */
export const CHALLENGE_REQUIRED = 'challenge_required';

export const isChallengeRefusal = (answer: unknown) =>
  !!answer && typeof answer === 'object' && (answer as { code?: unknown }).code === CHALLENGE_REQUIRED;

interface Element {
  id: string;
  className: string;
  textContent: string | null;
  hidden: boolean;
  setAttribute(name: string, value: string): void;
  appendChild(child: Element): void;
  insertAdjacentElement(where: 'afterend', element: Element): void;
  addEventListener(type: string, listener: () => void, options?: { once: boolean }): void;
  remove(): void;
}

interface AltchaWidget extends Element {
  configure(options: Record<string, unknown>): void;
  verify(): Promise<{ payload?: string } | null>;
}

interface Browser {
  document: {
    documentElement: { lang: string };
    head: Element;
    createElement(tag: string): Element;
    getElementById(id: string): Element | null;
  };
  navigator: { hardwareConcurrency?: number };
  Worker: new (url: string) => unknown;
  Blob: new (parts: string[], options: { type: string }) => unknown;
  URL: { createObjectURL(blob: unknown): string };
  $altcha?: { algorithms: Map<string, () => unknown>; defaults: { set(options: Record<string, unknown>): void } };
}

const browser = () => globalThis as unknown as Browser;

/** The widgets whose page requires the challenge, and the solution each has ready or on the way. */
const required = new Set<number>();
const solutions = new Map<number, Promise<string | undefined>>();

type Status = 'solving' | 'solved' | 'failed';

function pageLocale(): Locale {
  const lang = browser().document.documentElement.lang;
  return lang === 'es' || lang === 'en' ? lang : 'pt-BR';
}

/** The status line under the widget (made the first time), with the hidden solver inside it. */
function statusLine(widgetId: number): Element | undefined {
  const { document } = browser();
  const id = `mz-challenge-${widgetId}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const island = document.getElementById(`mz-island-${widgetId}`);
  if (!island) return undefined;
  const line = document.createElement('p');
  line.id = id;
  line.className = 'mz-challenge';
  line.setAttribute('role', 'status');
  island.insertAdjacentElement('afterend', line);
  return line;
}

function showStatus(widgetId: number, status: Status) {
  const line = statusLine(widgetId);
  if (line) line.textContent = translate(pageLocale(), `antispam.${status}`);
}

let loading: Promise<void> | undefined;

/** Loads the altcha web component once (a classic script from our origin) and gives it our PBKDF2 worker. */
function loadAltcha(assets: { script: string; worker: string }): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const b = browser();
    const script = b.document.createElement('script') as Element & { src: string; async: boolean };
    script.src = apiUrl(assets.script);
    script.async = true;
    script.addEventListener('load', () => {
      // Nothing beyond the proof of work: no interaction signature, no attribution link (the widget stays hidden).
      b.$altcha?.defaults.set({ humanInteractionSignature: false, hideFooter: true, hideLogo: true, minDuration: 0 });
      b.$altcha?.algorithms.set('PBKDF2/SHA-256', () => startWorker(b, apiUrl(assets.worker)));
      resolve();
    });
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error('The anti-spam solver did not load'));
    });
    b.document.head.appendChild(script);
  });
  return loading;
}

/** Fetches a challenge for the widget and solves it with a hidden altcha widget: the payload, or undefined. */
async function solve(widgetId: number): Promise<string | undefined> {
  showStatus(widgetId, 'solving');
  try {
    const response = await fetch(challengeUrl(widgetId), { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`challenge: ${response.status}`);
    const { altcha: assets, ...challenge } = (await response.json()) as {
      altcha: { script: string; worker: string };
    };
    await loadAltcha(assets);
    const { document, navigator } = browser();
    const widget = document.createElement('altcha-widget') as AltchaWidget;
    const holder = document.createElement('span');
    holder.hidden = true;
    holder.appendChild(widget);
    const mounted = new Promise<void>((resolve) => widget.addEventListener('load', resolve, { once: true }));
    (statusLine(widgetId) ?? document.head).appendChild(holder);
    await mounted;
    widget.configure({ challenge, workers: Math.min(4, navigator.hardwareConcurrency || 2) });
    const result = await widget.verify();
    holder.remove();
    if (!result?.payload) throw new Error('challenge: not solved');
    showStatus(widgetId, 'solved');
    return result.payload;
  } catch (error) {
    console.error(error);
    showStatus(widgetId, 'failed');
    return undefined;
  }
}

/** Starts solving the widget's next solution in the background, unless one is ready or on the way. */
function solveNext(widgetId: number) {
  if (!solutions.has(widgetId)) solutions.set(widgetId, solve(widgetId));
}

/** The widget's page requires the challenge: solve one now, so the action goes at once when the visitor sends it. */
export function requireChallenge(widgetId: number): void {
  required.add(widgetId);
  solveNext(widgetId);
}

/**
 * The header an action of the widget carries: its solution (waiting for it when it is still being solved), or
 * nothing when its page does not require one. A solution is used once: the next one starts at once.
 */
export async function challengeHeaders(widgetId: number | undefined): Promise<Record<string, string>> {
  if (widgetId === undefined || !required.has(widgetId)) return {};
  solveNext(widgetId);
  const payload = await solutions.get(widgetId);
  solutions.delete(widgetId);
  solveNext(widgetId);
  return payload ? { 'x-altcha': payload } : {};
}
