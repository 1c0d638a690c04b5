import { type Locale, translate } from '@mutirao/core/i18n';
import { createContext, type ReactNode, type Ref, useContext } from 'react';
import type { Focusable } from '../browser';

/**
 * The parts every action widget's form shares (form, pressure; donation next), with the same markup and classes, so
 * they look and behave alike: the honeypot, the error summary above the button, and the screen after acting.
 */

/** A visually hidden `website` input people never see; naive bots fill it and the server refuses them. */
export function Honeypot({ locale, inputRef }: { locale: Locale; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="mz-visually-hidden" aria-hidden="true">
      <label>
        {translate(locale, 'formView.honeypot')}
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The errors, listed above the button; focused after a refused submit so screen readers read them. */
export function ErrorSummary({
  locale,
  summaryRef,
  items,
}: {
  locale: Locale;
  summaryRef: Ref<HTMLDivElement & Focusable>;
  /** Each message with the id its field points at (`aria-describedby`), when it belongs to one. */
  items: { key: string; id?: string; message: string }[];
}) {
  return (
    <div className="mz-form__errors" ref={summaryRef} tabIndex={-1} hidden={!items.length}>
      <p className="mz-form__errors-title">{translate(locale, 'formView.errorsTitle')}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key} id={item.id}>
            {item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * While a submission waits to be sent again (`retry.ts`): what happened, that nothing filled in is lost, and a button
 * to try at once. A polite live region, present (empty) from the start so the change is announced.
 */
export function RetryNotice({
  locale,
  state,
  onRetry,
}: {
  locale: Locale;
  state: 'waiting' | 'offline' | undefined;
  onRetry(): void;
}) {
  return (
    <div className="mz-form__retry" role="status">
      {state && (
        <>
          <p>{translate(locale, `offline.${state}`)}</p>
          <button type="button" onClick={onRetry}>
            {translate(locale, 'offline.retryNow')}
          </button>
        </>
      )}
    </div>
  );
}

/** After acting: the finish content, focused, announced as a status, with the counter below. */
export function ActionDone({
  style,
  doneRef,
  counter,
  children,
}: {
  style?: Record<string, string>;
  doneRef: Ref<HTMLDivElement & Focusable>;
  counter: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mz-form-widget" style={style}>
      <div className="mz-form-widget__done" ref={doneRef} tabIndex={-1} role="status">
        {children}
      </div>
      {counter}
    </div>
  );
}

/**
 * Where the consent notice links: the page's own host on our pages (`/seus-dados`, which sends the visitor on to the
 * request form); inside an embed on another site, the request form's absolute address, given by the embed endpoint.
 */
export const ConsentLink = createContext('/seus-dados');

/**
 * The consent notice under an action's button (LGPD): what the visitor agrees to by acting, and where to see or erase
 * their data. The server stores this same text with each action (`activists/consent.ts`). The link stays on the
 * page's own host, which sends the visitor on to the request form.
 */
export function ConsentNote({ locale }: { locale: Locale }) {
  const href = useContext(ConsentLink);
  return (
    <p className="mz-form__consent">
      {/* One text node: React's server markup would put a comment between two, which hydration does not keep. */}
      {`${translate(locale, 'formView.consent')} `}
      <a href={href}>{translate(locale, 'formView.consentLink')}</a>
    </p>
  );
}
