/** A message as it arrived over SMTP, read as a mail client would: decoded headers, and its text and HTML parts. */
export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  from: string;
  replyTo: string | undefined;
  text: string;
  html: string | undefined;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The leaf parts of a message, with their content types and decoded bodies. */
function parts(raw: string): { type: string; content: string }[] {
  const { headers, body } = split(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ type: type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain', content: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => parts(part.replace(/^\r?\n/, '')));
}

export function readMail(raw: string): ReadMail {
  const { headers } = split(raw);
  const leaves = parts(raw);
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    replyTo: headers['reply-to'],
    text:
      leaves
        .find((p) => p.type === 'text/plain')
        ?.content.replace(/\r\n/g, '\n')
        .trim() ?? '',
    html: leaves.find((p) => p.type === 'text/html')?.content,
  };
}
