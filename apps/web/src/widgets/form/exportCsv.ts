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

/** A report that holds its header row only (the header never holds a line break; the first one ends it). */
export const headerOnly = (text: string) => {
  const end = text.indexOf('\r\n');
  return end === -1 || end + 2 >= text.length;
};

/**
 * Downloads a CSV report with the session cookie and hands it to the browser as a file. Resolves with the file
 * name, or null when `skipEmpty` is set and the report holds no row (nothing is saved then); throws an ApiError when
 * the server refuses.
 */
export async function downloadCsv(
  path: string,
  options: { method?: 'GET' | 'POST'; fallback: string; skipEmpty?: boolean },
): Promise<string | null> {
  const post = options.method === 'POST';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: { accept: 'text/csv', ...(post ? { 'content-type': 'application/json' } : {}) },
    body: post ? '{}' : undefined,
  });
  if (!response.ok) throw new ApiError(response.status >= 500 ? 'request' : 'response', response.status);
  const blob = await response.blob();
  if (options.skipEmpty && headerOnly(await blob.text())) return null;
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
