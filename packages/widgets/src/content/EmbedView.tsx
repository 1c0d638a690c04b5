import { type Locale, translate } from '@mutirao/core/i18n';
import { validateEmbed } from '@mutirao/core/richtext';
import type { RenderMode } from '../types';

/** A length from an iframe's attribute or style: pixels (capped) or a percentage. */
function length(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  if (value.endsWith('%')) return `${Math.min(100, Number.parseFloat(value))}%`;
  return `${Math.min(4000, Math.round(Number.parseFloat(value)))}px`;
}

/**
 * The box an embed takes on the public page, so the editor's preview takes the same and the blocks below it sit where
 * they will for visitors: an iframe's own width and height (from its attributes, or its style), or the browser's
 * 300×150 when it gives none. What a script draws cannot be known: it gets the full width and 240px.
 */
export function embedBox(embed: string): { width: string; height: string } {
  const tag = /^<iframe\b[^>]*>/i.exec(embed)?.[0];
  if (!tag) return { width: '100%', height: '240px' };
  const style = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  const css = style?.[1] ?? style?.[2] ?? '';
  const pick = (name: string) =>
    new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([\\d.]+(?:px|%))`, 'i').exec(css)?.[1]?.replace('px', '') ??
    new RegExp(`\\s${name}\\s*=\\s*["']?([\\d.]+%?)`, 'i').exec(tag)?.[1];
  return { width: length(pick('width'), '300px'), height: length(pick('height'), '150px') };
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
 *   admin app, its storage or its API) of the size it will have on the page, which still previews videos and
 *   widgets faithfully. A note over it (an edit-mode overlay) says so.
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
  // Inside the frame the snippet sits at the top left with the public page's iframe rules, so it looks the same.
  const srcDoc = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;overflow:hidden}iframe{max-width:100%;border:0}</style></head><body>${check.embed}</body></html>`;
  return (
    <div className="mz-embed mz-embed--preview">
      <iframe
        title={translate(locale, 'richtext.embedTitle')}
        sandbox="allow-scripts allow-popups allow-forms allow-presentation"
        srcDoc={srcDoc}
        style={embedBox(check.embed)}
        loading="lazy"
      />
      <small className="mz-embed__note" data-mz-edit="">
        {translate(locale, 'richtext.embedPreview')}
      </small>
    </div>
  );
}
