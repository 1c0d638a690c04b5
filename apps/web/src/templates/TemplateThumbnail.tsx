import { Box, Center, Skeleton, Text } from '@mantine/core';
import { useElementSize, useInViewport, useMergedRef } from '@mantine/hooks';
import { MobilizationPage } from '@mutirao/widgets';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale';
import { fontFaces } from '../mobilizations/settings/DesignPreview';
import { fetchTemplatePreview, templatePreviewKey } from './templatesApi';

/** The width the template is laid out at before it is scaled into the frame: a desktop page. */
const PAGE_WIDTH = 1200;

/**
 * A template's thumbnail: its first blocks drawn by the page's own components (static, inert), laid out as on a
 * desktop and scaled down into a fixed frame. Nothing is fetched or drawn until the frame first comes into view, so
 * a long list costs only what is on screen. Decorative: the card beside it names the template. Needs `widgetsCss` on
 * the screen (`TemplateStyles`).
 */
export function TemplateThumbnail({ templateId, height = 160 }: { templateId: number; height?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { ref: viewport, inViewport } = useInViewport<HTMLDivElement>();
  const { ref: size, width } = useElementSize<HTMLDivElement>();
  const ref = useMergedRef(viewport, size);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const preview = useQuery({
    queryKey: templatePreviewKey(templateId),
    queryFn: () => fetchTemplatePreview(templateId),
    enabled: seen,
    staleTime: 5 * 60_000,
    // A thumbnail that fails says so in its frame; no toast for each card.
    meta: { requestErrorToast: false },
  });
  const scale = width / PAGE_WIDTH;

  return (
    <Box
      ref={ref}
      aria-hidden
      data-template-thumbnail={templateId}
      h={height}
      bg="gray.1"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)', position: 'relative', flexShrink: 0 }}
    >
      {preview.data && width > 0 ? (
        preview.data.blocks.length ? (
          <div inert style={{ width: PAGE_WIDTH, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
            {/* The template's own fonts, from the files the public page uses (loaded only if it names some). */}
            <style>{fontFaces([preview.data.header_font ?? '', preview.data.body_font ?? ''])}</style>
            <MobilizationPage
              mobilization={{ ...preview.data, id: templateId }}
              blocks={preview.data.blocks}
              locale={locale}
              mode="edit"
            />
          </div>
        ) : (
          <Center h="100%">
            <Text size="xs" c="dimmed">
              {t('templates.previewEmpty')}
            </Text>
          </Center>
        )
      ) : preview.isError ? (
        <Center h="100%">
          <Text size="xs" c="dimmed">
            {t('templates.previewFailed')}
          </Text>
        </Center>
      ) : (
        <Skeleton h="100%" animate={seen} />
      )}
    </Box>
  );
}
