import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { MobilizationPage } from '@mutirao/widgets';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMobilization } from '../../editor/pageMobilization';
import { useLocale } from '../../i18n/useLocale';
import type { SettingsWidget } from '../widgetSettingsApi';

/** The width a phone is previewed at: the narrowest screen the public page is checked on. */
export const PHONE_PREVIEW_WIDTH = 390;

/**
 * Where a settings tab sends its form's values as the organiser types them, for the preview beside it; null when the
 * tab leaves, so the preview goes back to the saved settings.
 */
const PreviewContext = createContext<(settings: Record<string, unknown> | null) => void>(() => {});
export const PreviewProvider = PreviewContext.Provider;

/**
 * Sends a tab's current values to the preview, a moment after the last keystroke: `values` are the form's, read
 * into settings by `toSettings` (the tab's schema, so what the preview shows is what a save would store; values that
 * do not pass yet are shown as typed).
 */
export function usePreviewValues(values: unknown, toSettings: (values: unknown) => Record<string, unknown>) {
  const send = useContext(PreviewContext);
  const read = useRef(toSettings);
  read.current = toSettings;
  const text = JSON.stringify(values);
  useEffect(() => {
    const timer = setTimeout(() => send(read.current(JSON.parse(text))), 150);
    return () => clearTimeout(timer);
  }, [text, send]);
  useEffect(() => () => send(null), [send]);
}

/**
 * The widget as visitors will see it, drawn by the public page's components with the page's theme and fonts, from
 * the saved settings with the tab's unsaved values over them. It is a picture, not a form: inert, out of the tab
 * order. A switch shows it at a desktop's width or a phone's (390 px).
 */
export function WidgetPreview({
  widget,
  settings,
  mobilization,
}: {
  widget: SettingsWidget;
  settings: Record<string, unknown>;
  mobilization: EditorMobilization;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const titleId = useId();
  const block = {
    id: widget.block_id ?? 0,
    position: 1,
    name: null,
    hidden: false,
    menu_hidden: true,
    widgets: [{ ...widget, settings }],
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('widgetSettings.livePreview')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('widgetSettings.previewHelp')}
      </Text>
      <SegmentedControl
        value={width}
        onChange={(value) => setWidth(value as 'desktop' | 'phone')}
        aria-label={t('widgetSettings.previewWidth')}
        data={[
          { value: 'desktop', label: t('widgetSettings.previewDesktop') },
          { value: 'phone', label: t('widgetSettings.previewPhone') },
        ]}
      />
      <Paper withBorder radius="md" style={{ overflow: 'auto', background: 'var(--mantine-color-gray-1)' }}>
        <div
          inert
          data-preview-width={width}
          style={{
            width: width === 'phone' ? PHONE_PREVIEW_WIDTH : '100%',
            maxWidth: '100%',
            margin: '0 auto',
            background: '#fff',
          }}
        >
          <MobilizationPage mobilization={mobilization} blocks={[block]} locale={locale} mode="public" />
        </div>
      </Paper>
    </Stack>
  );
}
