/// <reference lib="dom" />
// Runs in the visitor's browser too; the server type-checks this package without the DOM library.
import type { ComponentType } from 'react';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { FormView } from '../form/FormView';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from './embed';

/*
 * The public bundle's entry: hydrates each interactive widget the server rendered, from the props it embedded, and
 * nothing else. Content stays plain HTML. Built with React aliased to preact/compat (see build.mjs).
 */

// biome-ignore lint/suspicious/noExplicitAny: each component takes its own props, read from the page as JSON.
const ISLANDS: Record<string, ComponentType<any>> = { form: FormView };

for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
  const component = ISLANDS[root.getAttribute(ISLAND_ATTR) ?? ''];
  const json = document.querySelector(`script[${ISLAND_PROPS_ATTR}="${root.id}"]`)?.textContent;
  if (!component || !json) continue;
  try {
    hydrateRoot(root, createElement(component, JSON.parse(json)));
  } catch (error) {
    // One broken widget must not stop the others; the server's HTML stays as it was.
    console.error(error);
  }
}
