/// <reference lib="dom" />
// The embed loader, served at /embed.js: a plain script on another site's page. No framework: it only finds the
// snippet's elements, asks the server for each widget and hands it to its kind's bundle.

import {
  EMBED_ATTR,
  EMBED_BASE_MARKER,
  EMBED_GLOBAL,
  type EmbedAnswer,
  type EmbedRegistry,
  isEmbeddableKind,
} from './embedProtocol';

/** The server's address, from its configuration: the server writes it over the marker (`EMBED_BASE_MARKER`). */
const BASE: string = EMBED_BASE_MARKER;

const scope = window as unknown as Record<string, EmbedRegistry | undefined>;
const registry = scope[EMBED_GLOBAL] ?? { islands: {} };
scope[EMBED_GLOBAL] = registry;

/** One clear line in the host page's console, naming the widget; never an exception into the page. */
const report = (id: string, reason: string) => console.error(`[Mutirão] widget ${id}: ${reason}`);

class Refused extends Error {}

/** Each bundle once per page, however many of its widgets there are. */
const scripts = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Refused(`could not load ${src}`));
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** @font-face rules go in the document (shadow roots ignore them), each set once. */
const fontSets = new Set<string>();
function addFonts(css: string) {
  if (!css || fontSets.has(css)) return;
  fontSets.add(css);
  const style = document.createElement('style');
  style.setAttribute('data-mutirao-fonts', '');
  style.textContent = css;
  document.head.appendChild(style);
}

function isAnswer(value: unknown): value is EmbedAnswer {
  const a = value as Partial<EmbedAnswer> | null;
  return (
    !!a &&
    typeof a.kind === 'string' &&
    isEmbeddableKind(a.kind) &&
    typeof a.island === 'string' &&
    typeof a.html === 'string' &&
    typeof a.css === 'string' &&
    typeof a.script === 'string' &&
    typeof a.locale === 'string' &&
    typeof a.privacy === 'string' &&
    !!a.messages &&
    typeof a.messages === 'object'
  );
}

async function embed(host: HTMLElement) {
  const id = (host.getAttribute(EMBED_ATTR) ?? '').trim();
  try {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw new Refused(`"${id}" is not a widget id`);
    const url = `${BASE}/api/embed/widgets/${id}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
    } catch (error) {
      throw new Refused(`could not reach ${url} (${error instanceof Error ? error.message : String(error)})`);
    }
    const body = (await response.json().catch(() => undefined)) as { errors?: unknown } | undefined;
    if (!response.ok) {
      const errors = Array.isArray(body?.errors) ? body.errors.map(String) : [];
      throw new Refused(`${errors.join(' ') || `the server answered ${response.status}`} (${response.status})`);
    }
    if (!isAnswer(body)) throw new Refused(`unexpected answer from ${url}`);
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    addFonts(body.fonts);
    const style = document.createElement('style');
    style.textContent = body.css;
    const holder = document.createElement('div');
    holder.innerHTML = body.html;
    shadow.replaceChildren(style, ...holder.childNodes);
    const root = shadow.querySelector('[data-mz-island]');
    await loadScript(body.script);
    const mount = registry.islands[body.island];
    if (!root || !mount) throw new Refused(`the ${body.kind} widget's script did not start`);
    mount({ root, props: body.props, messages: body.messages, locale: body.locale, api: BASE, privacy: body.privacy });
    host.setAttribute('data-mutirao-ready', '');
  } catch (error) {
    // Nothing half-drawn stays: the host page shows what it had without the widget.
    host.shadowRoot?.replaceChildren();
    report(id, error instanceof Refused ? error.message : String(error));
  }
}

const started = new WeakSet<Element>();
/** Renders every snippet element not yet rendered (also callable again: `window.__mutiraoEmbed.scan()`). */
function scan() {
  for (const host of document.querySelectorAll<HTMLElement>(`[${EMBED_ATTR}]`)) {
    if (started.has(host)) continue;
    started.add(host);
    void embed(host);
  }
}
// A page with several snippets runs this script once per snippet: the first run does the work for all of them.
if (!registry.scan) {
  registry.scan = scan;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan, { once: true });
  else scan();
}
