/// <reference lib="dom" />
// Runs in the visitor's browser too; the server type-checks this package without the DOM library.

import { ISLANDS } from 'mz:islands';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { requireChallenge } from '../action/challenge';
import { CHALLENGE_ATTR, ISLAND_ATTR, ISLAND_PROPS_ATTR } from './embed';

/*
 * The public bundle's entry: hydrates each interactive widget the server rendered, from the props it embedded, and
 * nothing else. Content stays plain HTML. Built with React aliased to preact/compat (see build-islands.mjs).
 *
 * There is no table of islands to keep: an interactive kind keeps the component its registry entry names in
 * `<island name>/island.ts` (exported as `component`; `registry.test.tsx` checks the pair), and the build derives
 * `mz:islands` from those files. Only they are bundled, not the registry or the server-side props code, so the
 * views of non-interactive kinds and the rich-text parsers stay out.
 */
function hydrate(root: HTMLElement) {
  const name = root.getAttribute(ISLAND_ATTR) ?? '';
  const component = Object.hasOwn(ISLANDS, name) ? ISLANDS[name] : undefined;
  const json = document.querySelector(`script[${ISLAND_PROPS_ATTR}="${root.id}"]`)?.textContent;
  if (!component || !json) return;
  try {
    hydrateRoot(root, createElement(component, JSON.parse(json)));
    // The page requires the anti-spam challenge: solve one in the background while the visitor fills the form.
    const widgetId = Number(root.id.replace('mz-island-', ''));
    if (root.hasAttribute(CHALLENGE_ATTR) && widgetId > 0) requireChallenge(widgetId);
  } catch (error) {
    // One broken widget must not stop the others; the server's HTML stays as it was.
    console.error(error);
  }
}

/*
 * An island hydrates when it comes near the screen, or at once when the visitor reaches it first (a tap, a key,
 * focus): the page's first second goes to showing it, not to running widgets further down (on a phone, hydrating
 * the demo page's two forms at load cost a quarter of a second of blocked main thread in Lighthouse). The server's
 * HTML already shows every widget at its full size, so nothing moves when it hydrates.
 */
const hydrated = new WeakSet<HTMLElement>();
const wake = (root: HTMLElement) => {
  if (hydrated.has(root)) return;
  hydrated.add(root);
  nearby?.unobserve(root);
  hydrate(root);
};
const nearby =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) if (entry.isIntersecting) wake(entry.target as HTMLElement);
        },
        { rootMargin: '200px' },
      )
    : undefined;
for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
  for (const type of ['pointerdown', 'focusin', 'keydown']) {
    root.addEventListener(type, () => wake(root), { capture: true, once: true });
  }
  if (nearby) nearby.observe(root);
  else wake(root);
}
