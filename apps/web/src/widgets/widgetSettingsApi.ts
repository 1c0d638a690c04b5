import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';
import { blocksQueryKey, updateWidget } from '../blocks/blocksApi';
import type { WidgetData } from '../blocks/types';

/** A widget as its settings screens read it (FORM-CONTRACT §2: form widgets carry their entries count). */
export type SettingsWidget = WidgetData & { form_entries_count?: number };

export const widgetQueryKey = (mobilizationId: number, widgetId: number) =>
  ['mobilization', mobilizationId, 'widget', widgetId] as const;

/** The widget, or undefined when it is not on this page or the page is not the user's to see. */
export async function fetchWidget(mobilizationId: number, widgetId: number): Promise<SettingsWidget | undefined> {
  try {
    const widgets = await api<SettingsWidget[]>(`/api/mobilizations/${mobilizationId}/widgets`);
    return widgets.find((w) => w.id === widgetId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * One widget's settings, loaded and saved. A tab saves only its own keys: they are merged into the settings as
 * stored (FORM-CONTRACT §1), so the other tabs' values are kept. The page editor's copy is refreshed after a save.
 */
export function useWidgetSettings(mobilizationId: number, widgetId: number) {
  const queryClient = useQueryClient();
  const key = widgetQueryKey(mobilizationId, widgetId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchWidget(mobilizationId, widgetId),
    enabled: mobilizationId > 0 && widgetId > 0,
  });
  const mutation = useMutation({
    mutationFn: async (patch: Record<string, unknown>) => {
      const current = queryClient.getQueryData<SettingsWidget>(key) ?? query.data;
      if (!current) throw new Error('widget not loaded');
      return updateWidget(mobilizationId, widgetId, {
        kind: current.kind,
        settings: { ...(current.settings ?? {}), ...patch },
      }) as Promise<SettingsWidget>;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<SettingsWidget>(key, (old) => ({ ...old, ...saved }));
      void queryClient.invalidateQueries({ queryKey: blocksQueryKey(mobilizationId) });
    },
    // Every caller saves from a form that places the server's refusals on its fields or above its button.
    meta: { showsErrors: 'refusals' },
  });
  const save: SaveSettings = (patch) => mutation.mutateAsync(patch);
  return { query, save };
}

/** Saves a tab's keys into the widget's settings. */
export type SaveSettings = (patch: Record<string, unknown>) => Promise<SettingsWidget>;
