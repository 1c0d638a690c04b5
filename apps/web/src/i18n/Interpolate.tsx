import { type MessageKey, translate } from '@mutirao/core';
import { Fragment, type ReactNode } from 'react';
import { useLocale } from './useLocale';

const MARK = '\u0000';

/**
 * A catalogue sentence with React nodes (links, emphasis) in its `{placeholders}`, so translators keep the
 * whole sentence and its word order: `<Interpolate k="pages.technicalContact" values={{ email: <a/> }} />`.
 */
export function Interpolate({ k, values }: { k: MessageKey; values: Record<string, ReactNode> }) {
  const locale = useLocale();
  const marked = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`]));
  const parts = translate(locale, k, marked).split(MARK);
  return (
    <>
      {parts.map((part, index) => (
        // Odd parts are placeholder names: the sentence is static, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>{index % 2 === 1 ? values[part] : part}</Fragment>
      ))}
    </>
  );
}
