import type { Locale } from '@mutirao/core';
import { escapeHtml } from '../../http/html';
import type { MailBody } from '../../mail/richText';

/**
 * A donation e-mail as the donor reads it: a few paragraphs, the facts as label and value (the receipt, the boleto),
 * more paragraphs, at most one personal link, and small print. Every text is already in the donor's language.
 */
export interface FactualMail {
  locale: Locale;
  subject: string;
  before: string[];
  /** Label and value; with an address, the value links there (the text part gives the address in brackets). */
  facts?: Fact[];
  after?: string[];
  link?: { intro: string; label: string; url: string };
  smallPrint?: string[];
}

export type Fact = [label: string, value: string] | [label: string, value: string, href: string];

const WEB_ADDRESS = /^https?:\/\//;

const TEXT = 'font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#222';
const MUTED = 'color:#555;font-size:14px';
const BUTTON =
  'display:inline-block;background:#0b6e8a;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold';

/** The plain-text part: what every mail client can show, and what the sandbox mailbox lists. */
function textPart(mail: FactualMail): string {
  const blocks = [
    ...mail.before,
    (mail.facts ?? []).map(([label, value, href]) => `${label}: ${value}${href ? ` (${href})` : ''}`).join('\n'),
    ...(mail.after ?? []),
    mail.link ? `${mail.link.intro}\n${mail.link.url}` : '',
    ...(mail.smallPrint ?? []),
  ];
  return blocks.filter(Boolean).join('\n\n');
}

/**
 * The HTML part: inline styles only (mail clients drop style sheets), one centred column that reads on a phone, the
 * facts as a table with their labels as row headers. A link that is not a web address (the sandbox's boletos) is
 * shown, never linked.
 */
function htmlPart(mail: FactualMail): string {
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 16px${style ? `;${style}` : ''}">${escapeHtml(text)}</p>`;
  const facts = mail.facts?.length
    ? `<table style="border-collapse:collapse;margin:0 0 16px;width:100%">${mail.facts
        .map(
          ([label, value, href]) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;font-weight:normal;padding:6px 16px 6px 0;border-top:1px solid #e5e5e5;${MUTED}">${escapeHtml(label)}</th>` +
            `<td style="padding:6px 0;border-top:1px solid #e5e5e5;font-weight:bold;word-break:break-word">${
              href && WEB_ADDRESS.test(href)
                ? `<a href="${escapeHtml(href)}" style="color:#0b6e8a">${escapeHtml(value)}</a>`
                : escapeHtml(value)
            }</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const { link } = mail;
  const linkPart = !link
    ? ''
    : p(link.intro) +
      (WEB_ADDRESS.test(link.url)
        ? `<p style="margin:0 0 8px"><a href="${escapeHtml(link.url)}" style="${BUTTON}">${escapeHtml(link.label)}</a></p>` +
          p(link.url, `${MUTED};word-break:break-all`)
        : p(link.url, `${MUTED};word-break:break-all`));
  return (
    `<!doctype html><html lang="${mail.locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(mail.subject)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#f4f4f4;${TEXT}">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">` +
    mail.before.map((text) => p(text)).join('') +
    facts +
    (mail.after ?? []).map((text) => p(text)).join('') +
    linkPart +
    (mail.smallPrint ?? []).map((text) => p(text, MUTED)).join('') +
    '</div></body></html>'
  );
}

/** The e-mail's two parts, the same words in each. */
export function factualMailBody(mail: FactualMail): MailBody {
  return { text: textPart(mail), html: htmlPart(mail) };
}
