/*
 * The few browser APIs the interactive widgets use, typed here rather than through the DOM library: the server
 * type-checks this package too (it renders the same components) and must not see browser globals as its own. The
 * components touch them only in event handlers and effects, which never run on the server.
 */

export interface BrowserWindow {
  location: { href: string };
  navigator: { userAgent: string };
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
  open(url: string, target: string, features: string): { opener: unknown } | null;
  requestAnimationFrame(callback: () => void): number;
}

/** The visitor's window. */
export const browserWindow = () => globalThis as unknown as BrowserWindow;

/** What an element ref is used for here: moving the focus to it. */
export interface Focusable {
  focus(options?: { preventScroll?: boolean }): void;
}

/** The value of an input, select or textarea, from its change event or its ref. */
export const inputValue = (element: unknown): string => String((element as { value?: unknown } | null)?.value ?? '');
