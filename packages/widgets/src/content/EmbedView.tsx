import { type Locale, translate, validateEmbed } from '@mutirao/core';
import type { RenderMode } from '../types';

/** Height of the edit-mode preview: the embed's own iframe height when it states one. */
function previewHeight(embed: string): number {
  const height = /^<iframe\b[^>]*\bheight\s*=\s*["']?(\d{2,4})/i.exec(embed)?.[1];
  return height ? Math.min(1200, Number(height)) : 240;
}

export interface EmbedViewProps {
  embed: string;
  mode: RenderMode;
  locale: Locale;
}

/**
 * An organiser's embed (an iframe or a script snippet).
 *
 * - Public page: rendered as given. This is the one place HTML reaches a page unescaped, and it is the point of an
 *   embed; it runs on the public host only, which never sees the admin's session cookie.
 * - Editor: never run in the admin's origin, where a script could act with the organiser's session. It is shown
 *   in a sandboxed frame (`allow-scripts` without `allow-same-origin`, so an opaque origin with no access to the
 *   admin app, its storage or its API), which still previews videos and widgets faithfully.
 *
 * A snippet that does not start with an iframe or a script tag is refused ('Sorry, script name not permitted').
 */
export function EmbedView({ embed, mode, locale }: EmbedViewProps) {
  const check = validateEmbed(embed);
  if (!check.ok) {
    return mode === 'edit' ? (
      <span className="mz-embed-error" role="note">
        {translate(locale, check.error)}
      </span>
    ) : null;
  }
  if (mode === 'public') {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the organiser's embed, validated above, public page only.
    return <div className="mz-embed" dangerouslySetInnerHTML={{ __html: check.embed }} />;
  }
  const srcDoc = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0}iframe{max-width:100%}</style></head><body>${check.embed}</body></html>`;
  return (
    <div className="mz-embed mz-embed--preview">
      <iframe
        title={translate(locale, 'richtext.embedTitle')}
        sandbox="allow-scripts allow-popups allow-forms allow-presentation"
        srcDoc={srcDoc}
        style={{ height: `${previewHeight(check.embed)}px` }}
        loading="lazy"
      />
      <small className="mz-embed__note">{translate(locale, 'richtext.embedPreview')}</small>
    </div>
  );
}
