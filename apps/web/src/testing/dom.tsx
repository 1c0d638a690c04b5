import { MantineProvider } from '@mantine/core';
import type { Locale } from '@mutirao/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Community, SessionData } from '../auth/sessionQuery';
import { countFormatter, i18nextOptions } from '../i18n/i18nextSetup';

/*
 * Rendering a screen in a unit test (under `// @vitest-environment happy-dom`): the app's real providers, the real
 * catalogues, and a few ways to act as a person does (type, choose, click, press a key) and read what they see.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

/** Renders `ui` under Mantine, i18next in `locale`, React Query (a fresh client unless given) and a router. */
export async function render(
  ui: ReactNode,
  { locale = 'pt-BR', queryClient = new QueryClient() }: { locale?: Locale; queryClient?: QueryClient } = {},
) {
  const i18n = i18next.createInstance();
  await i18n.use(countFormatter).init(i18nextOptions(locale));
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter>{ui}</MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </MantineProvider>,
    ),
  );
  return container;
}

/** Unmounts what `render` mounted and empties the page (call in `afterEach`). */
export function cleanup() {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
}

/** Lets pending promises (a request's answer, a validation) settle inside `act`. */
export const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** Settles until `check` holds (a request answered, a step shown), so a test waits on a state, never on a clock. */
export async function until(check: () => unknown, what = 'the expected state') {
  for (let round = 0; round < 200; round++) {
    if (check()) return;
    await settle();
  }
  throw new Error(`never reached ${what}`);
}

/** The control a visible label names (its text, without Mantine's required asterisk), anywhere on the page. */
export function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
  const found = [...document.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(/\s*\*$/, '').trim() === label,
  );
  const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!control) throw new Error(`no control labelled “${label}”`);
  return control as T;
}

/** A button by its visible text (or its accessible name), anywhere on the page. */
export function button(text: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text,
  );
  if (!found) throw new Error(`no button “${text}”`);
  return found;
}

/** Types into an input or a text area, or chooses a select's option, as React sees it. */
export async function type(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

export async function click(el: HTMLElement) {
  await act(async () => el.click());
}

export async function press(el: HTMLElement, key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));
  });
}

/** The error text Mantine shows under a control (linked by aria-describedby), if any. */
export function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el && id.endsWith('-error')) return el.textContent ?? undefined;
  }
  return undefined;
}

/** A signed-in organiser's session answer, member of `communities`. */
export const organiser = (communities: Community[] = []): SessionData => ({
  user: {
    id: 1,
    email: 'org@example.org',
    first_name: 'Ana',
    last_name: null,
    avatar: null,
    is_admin: false,
    created_at: '2026-01-01T00:00:00Z',
    permissions: [],
  },
  communities,
  sandboxedServices: [],
});
