import { isInlineElement, type Locale, parseContent, type RichTextDocument, type RichTextNode } from '@mutirao/core';
import { renderRichTextHtml } from '@mutirao/widgets/server';

export interface MailBody {
  html: string;
  text: string;
}

type Node = Record<string, unknown> & { children?: Node[] };

/**
 * An e-mail is read far from the page: embeds (scripts, iframes) are left out, and site-relative addresses of
 * images and links (`/uploads/…`) are made absolute against the page's address.
 */
function forEmail(nodes: Node[], baseUrl: string): Node[] {
  const absolute = (url: unknown) => (typeof url === 'string' && url.startsWith('/') ? `${baseUrl}${url}` : url);
  return nodes
    .filter((node) => node.type !== 'embed')
    .map((node) => ({
      ...node,
      ...('src' in node && { src: absolute(node.src) }),
      ...('href' in node && { href: absolute(node.href) }),
      ...(node.children && { children: forEmail(node.children, baseUrl) }),
    }));
}

/** The plain-text part: blocks on their own lines, list items with a dash, links followed by their address. */
function mailText(nodes: readonly RichTextNode[]): string {
  let out = '';
  for (const node of nodes) {
    if ('text' in node) out += node.text;
    else if (node.type === 'image' || node.type === 'imageLink' || node.type === 'embed') continue;
    else if (node.type === 'link') {
      const inner = mailText(node.children);
      out += node.href && node.href !== inner ? `${inner} (${node.href})` : inner;
    } else {
      const inner = mailText(node.children as RichTextNode[]);
      if (isInlineElement(node)) out += inner;
      else out += node.type === 'list-item' ? `- ${inner.trim()}\n` : `${inner}\n\n`;
    }
  }
  return out;
}

/**
 * The body of an e-mail written in the block editor (the thank-you e-mail's `email_text`): HTML rendered by the same
 * renderer as the public page, and its plain-text part. A stored string that is not JSON is HTML when it has tags
 * (older widgets) and plain text otherwise.
 */
export function richTextMailBody(raw: unknown, locale: Locale, baseUrl: string): MailBody {
  const looksLikeHtml = typeof raw === 'string' && /<\/?[a-z][^>]*>/i.test(raw);
  const parsed = parseContent(raw, { unparseable: looksLikeHtml ? 'html' : 'text' });
  const document = forEmail(parsed.document as unknown as Node[], baseUrl) as unknown as RichTextDocument;
  const body = renderRichTextHtml(document, locale);
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#222">' +
    `${body}</body></html>`;
  const text = mailText(document as readonly RichTextNode[])
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { html, text };
}
