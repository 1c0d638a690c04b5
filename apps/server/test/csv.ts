/** A strict RFC 4180 reader, to check the file the way a spreadsheet reads it. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error('the file does not end with CRLF');
  return rows;
}

/** Downloads a report with the client's session; the text keeps the byte-order mark (fetch's text() drops it). */
export async function downloadCsv(baseUrl: string, session: string | undefined, method: 'GET' | 'POST', path: string) {
  const res = await fetch(baseUrl + path, { method, headers: session ? { cookie: `session=${session}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
