/// <reference lib="dom" />
// Runs in the visitor's browser, on another site; the server type-checks this package without the DOM library.

import { component } from 'mz:island';
import { catalogues, LOCALES, type Locale } from '@mutirao/core/i18n';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ConsentLink } from '../action/ActionParts';
import { setApiBase } from '../action/apiBase';
import { EMBED_GLOBAL, type EmbedMount, type EmbedRegistry } from './embedProtocol';

/*
 * One island kind's embed bundle (built once per kind by build-islands.mjs, `mz:island` standing for that kind's
 * `island.ts`): it registers a mount function, which the loader (`loader.ts`) calls for each widget of the kind once
 * it has put the server's HTML in the widget's shadow root. The messages come with the widget (the endpoint's
 * answer), not from the document: the host page has no `#mz-messages`, and in this build the catalogues are empty
 * objects filled here, section by section, so two widgets of one kind in two languages each find their own.
 */
declare const ISLAND_NAME: string;

function mount({ root, props, messages, locale, api, privacy }: EmbedMount) {
  setApiBase(api);
  const lang = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'pt-BR';
  const catalogue = catalogues[lang] as unknown as Record<string, Record<string, unknown>>;
  for (const [section, value] of Object.entries(messages)) {
    if (value && typeof value === 'object') catalogue[section] = { ...catalogue[section], ...value };
  }
  const widget = createElement(component, props as Record<string, unknown>);
  hydrateRoot(root as HTMLElement, createElement(ConsentLink.Provider, { value: privacy }, widget));
}

const scope = globalThis as unknown as Record<string, EmbedRegistry | undefined>;
const registry = scope[EMBED_GLOBAL] ?? { islands: {} };
scope[EMBED_GLOBAL] = registry;
registry.islands[ISLAND_NAME] = mount;
