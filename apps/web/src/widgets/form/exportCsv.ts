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

/**
 * Downloads `GET /api/mobilizations/{id}/form_entries.csv?widget_id=` (FORM-CONTRACT §5) with the session cookie and
 * hands it to the browser as a file. Resolves with the file name; throws an ApiError when the server refuses.
 */
export async function downloadFormEntries(mobilizationId: number, widgetId: number): Promise<string> {
  const response = await fetch(`/api/mobilizations/${mobilizationId}/form_entries.csv?widget_id=${widgetId}`, {
    credentials: 'same-origin',
    headers: { accept: 'text/csv' },
  });
  if (!response.ok) throw new ApiError(response.status >= 500 ? 'request' : 'response', response.status);
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition'), `formulario-${widgetId}.csv`);
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
