import { useEffect } from 'react';
import type { RenderMode } from '../types';
import { apiUrl } from './apiBase';

/** A count the server answers as `{[key]: n}` at `url`, or undefined when it cannot be read. */
export async function fetchCount(url: string, key: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Record<string, unknown>;
    return typeof body[key] === 'number' ? body[key] : undefined;
  } catch {
    return undefined;
  }
}

/** `GET /api/widgets/{id}/count`: an action widget's live count (actions that count: core's `actions/`). */
export const fetchWidgetCount = (widgetId: number) => fetchCount(apiUrl(`/api/widgets/${widgetId}/count`), 'count');

/**
 * The page may have been rendered, and cached, before the latest actions: on a public page, a widget that shows its
 * counter reads the live count on load, and again whenever `again` changes (a call that just completed).
 */
export function useLiveCount(
  options: { mode: RenderMode; widgetId: number; countText?: string; again?: unknown },
  setCount: (count: number) => void,
  read: (widgetId: number) => Promise<number | undefined> = fetchWidgetCount,
) {
  const { mode, widgetId, countText, again } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` only asks for another read.
  useEffect(() => {
    if (mode !== 'public' || !countText) return;
    let live = true;
    void read(widgetId).then((n) => live && n !== undefined && setCount(n));
    return () => {
      live = false;
    };
  }, [mode, countText, widgetId, setCount, read, again]);
}
