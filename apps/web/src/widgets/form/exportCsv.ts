import { ApiError } from '../../api/client';

/** The file name from `content-disposition`, or a fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
}

/** Reads a response body chunk by chunk, telling how many bytes have arrived so far. */
export async function readWithProgress(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  // Taking a reader locks the body: only when someone is listening, or `blob()` would find it locked.
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!reader || !onProgress) return response.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? 'text/csv' });
}

/**
 * Downloads a CSV report with the session cookie and hands it to the browser as a file, telling `onProgress` the
 * bytes received as the report streams in. Resolves with the file name, or null when the server answers 204 (the
 * community reports' "no data": nothing is saved then); throws an ApiError when the server refuses.
 */
export async function downloadCsv(
  path: string,
  options: { method?: 'GET' | 'POST'; fallback: string; onProgress?: (bytes: number) => void },
): Promise<string | null> {
  const post = options.method === 'POST';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: { accept: 'text/csv', ...(post ? { 'content-type': 'application/json' } : {}) },
    body: post ? '{}' : undefined,
  });
  if (!response.ok) throw new ApiError(response.status >= 500 ? 'request' : 'response', response.status);
  if (response.status === 204) return null;
  const blob = await readWithProgress(response, options.onProgress);
  const filename = filenameOf(response.headers.get('content-disposition'), options.fallback);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}

/**
 * Downloads `GET /api/mobilizations/{id}/form_entries.csv?widget_id=` (FORM-CONTRACT §5). Resolves with the file
 * name; throws an ApiError when the server refuses.
 */
export async function downloadFormEntries(mobilizationId: number, widgetId: number): Promise<string> {
  const fallback = `formulario-${widgetId}.csv`;
  const path = `/api/mobilizations/${mobilizationId}/form_entries.csv?widget_id=${widgetId}`;
  return (await downloadCsv(path, { fallback })) ?? fallback;
}
