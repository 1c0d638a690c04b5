import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { widgetsCss } from '@mutirao/widgets';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import type { WidgetKind } from '../../blocks/types';
import { type EditorMobilization, editorMobilizationKey, fetchEditorMobilization } from '../../editor/pageMobilization';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { TabNavigation } from '../../shell/layouts/TabNavigation';
import { TitledPage } from '../../shell/layouts/TitledPage';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { widgetSettingsPath } from '../kinds';
import { type SaveSettings, type SettingsWidget, useWidgetSettings } from '../widgetSettingsApi';
import { PreviewProvider, WidgetPreview } from './WidgetPreview';

/** One tab of a widget's settings menu (spec 02 §2): its label and its route suffix ('' for Ajustes). */
export interface SettingsTab {
  label: string;
  suffix: string;
}

/** What every tab gets from the layout. */
export interface WidgetSettingsContext {
  widget: SettingsWidget;
  settings: Record<string, unknown>;
  mobilization: EditorMobilization;
  save: SaveSettings;
}

export const useWidgetSettingsContext = () => useOutletContext<WidgetSettingsContext>();

interface WidgetSettingsLayoutProps {
  /** The kinds these screens serve; the first names them. */
  kinds: readonly [WidgetKind, ...WidgetKind[]];
  /** The route segment after the widget id, e.g. 'form'. */
  segment: string;
  title: string;
  tabsLabel: string;
  /** The tabs, or a function of the widget's kind when they depend on it (no thank-you e-mail by phone). */
  tabs: SettingsTab[] | ((kind: WidgetKind) => SettingsTab[]);
}

/**
 * The settings screens of an action widget (`/mobilizations/{id}/widgets/{widget_id}/{segment}/...`): a titled page
 * with the tab menu and a way back to the page editor, the widget loaded once for every tab, and beside the tab the
 * widget's live preview (`WidgetPreview`, fed by the tab as the organiser types). Shared by the form, pressure and
 * donation widgets.
 */
export function WidgetSettingsLayout({ kinds, segment, title, tabsLabel, tabs }: WidgetSettingsLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mobilizationId = Number(useParams().id);
  const widgetId = Number(useParams().widgetId);
  const mobilization = useQuery({
    queryKey: editorMobilizationKey(mobilizationId),
    queryFn: () => fetchEditorMobilization(mobilizationId),
    enabled: mobilizationId > 0,
  });
  const { query, save } = useWidgetSettings(mobilizationId, widgetId);
  // The open tab's unsaved values, drawn over the saved settings in the preview.
  const [typed, setTyped] = useState<Record<string, unknown> | null>(null);
  const base = `/mobilizations/${mobilizationId}/widgets/${widgetId}/${segment}`;
  const back = (
    <Button component={Link} to={`/mobilizations/${mobilizationId}/edit`} variant="default">
      {t('widgetSettings.backToEditor')}
    </Button>
  );

  if (mobilization.isPending || query.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (mobilization.isError || query.isError) {
    return (
      <TitledPage title={title} actions={back}>
        <Alert color="danger" variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{t('widgetSettings.loadFailed')}</Text>
            <Button variant="default" onClick={() => void Promise.all([mobilization.refetch(), query.refetch()])}>
              {t('widgetSettings.retry')}
            </Button>
          </Stack>
        </Alert>
      </TitledPage>
    );
  }
  if (!mobilization.data || !query.data) return <NotFoundInShell />;
  const widget = query.data;
  const saved = (widget.settings ?? {}) as Record<string, unknown>;
  // A widget of another kind (an old link, a kind changed since) opens that kind's own screens.
  const own = kinds.includes(widget.kind) ? undefined : widgetSettingsPath(widget.kind, mobilizationId, widgetId);
  if (own) return <Navigate to={own} replace />;
  const items = (typeof tabs === 'function' ? tabs(widget.kind) : tabs).map((tab) => {
    const to = tab.suffix ? `${base}/${tab.suffix}` : base;
    return { label: tab.label, to, active: pathname.replace(/\/$/, '') === to };
  });
  return (
    <TitledPage
      title={title}
      description={mobilization.data.name}
      actions={back}
      below={<TabNavigation label={tabsLabel} items={items} />}
    >
      {/* The page's stylesheet, for the previews drawn with the public components. */}
      <style>{widgetsCss}</style>
      {!kinds.includes(widget.kind) ? (
        <Alert color="danger" variant="light" role="alert">
          {t('widgetSettings.wrongKind', { kind: t(`widgets.kinds.${kinds[0]}`) })}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
          <PreviewProvider value={setTyped}>
            <div style={{ minWidth: 0 }}>
              <Outlet
                context={
                  {
                    widget,
                    settings: saved,
                    mobilization: mobilization.data,
                    save,
                  } satisfies WidgetSettingsContext
                }
              />
            </div>
          </PreviewProvider>
          <WidgetPreview widget={widget} settings={{ ...saved, ...typed }} mobilization={mobilization.data} />
        </SimpleGrid>
      )}
    </TitledPage>
  );
}
