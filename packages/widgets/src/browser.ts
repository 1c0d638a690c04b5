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

/** What `reveal` moves to: a message, a heading or a field. */
export interface Revealable extends Focusable {
  getBoundingClientRect(): { top: number; bottom: number };
  scrollIntoView(options: { block: 'start' }): void;
}

/** What holds the fields, to find the first one marked invalid. */
export interface FieldHolder {
  querySelector(selector: string): Revealable | null;
}

/**
 * Focuses what just appeared or needs the visitor (a thank-you, a retry, a step's heading, an invalid field), and
 * scrolls it to the top of the screen when it is not wholly in view. Its scroll-margin-top (the navbar's height and a
 * little more, in the stylesheet) keeps it below the fixed navbar: the browser's own scroll on focus knows nothing of
 * the bar and used to leave thank-you messages under it. Runs after the browser painted the change.
 */
export function reveal(target: () => Revealable | null | undefined) {
  const win = browserWindow() as BrowserWindow & {
    innerHeight: number;
    getComputedStyle(element: Revealable): { scrollMarginTop: string };
  };
  win.requestAnimationFrame(() => {
    const element = target();
    if (!element) return;
    element.focus({ preventScroll: true });
    const margin = Number.parseFloat(win.getComputedStyle(element).scrollMarginTop) || 0;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < margin || bottom > win.innerHeight) element.scrollIntoView({ block: 'start' });
  });
}

/** The value of an input, select or textarea, from its change event or its ref. */
export const inputValue = (element: unknown): string => String((element as { value?: unknown } | null)?.value ?? '');
