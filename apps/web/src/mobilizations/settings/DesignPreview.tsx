import { Box, Paper, Stack, Title } from '@mantine/core';
import { fontFileUrl, fontStack, MOBILIZATION_FONT_FILES, type MobilizationFont } from '@mutirao/core';
import { PALETTES, schemeName } from '@mutirao/widgets';
import { useTranslation } from 'react-i18next';

/**
 * `@font-face` rules for the previewed families, pointing at the same self-hosted files the public page uses
 * (`/_fonts/…`), so the preview shows exactly what visitors will get. Regular and bold, Latin subset.
 */
export function fontFaces(families: string[]): string {
  return families
    .flatMap((family) => {
      const font = MOBILIZATION_FONT_FILES[family as MobilizationFont];
      if (!font) return [];
      return font.weights
        .filter((w) => w === 400 || w === 700)
        .map(
          (w) =>
            `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${w};font-display:swap;` +
            `src:url(${fontFileUrl(font, w)}) format('woff2')}`,
        );
    })
    .join('');
}

interface DesignPreviewProps {
  headerFont: string;
  bodyFont: string;
  colorScheme: string | null | undefined;
}

/** A heading, a paragraph and a button in the chosen fonts, on the palette's main background and on white. */
export function DesignPreview({ headerFont, bodyFont, colorScheme }: DesignPreviewProps) {
  const { t } = useTranslation();
  const palette = PALETTES.find((p) => p.name === schemeName(colorScheme)) ?? PALETTES[0];
  const main = palette?.backgrounds[0];
  return (
    <Stack gap="xs" component="section" aria-labelledby="design-preview">
      <style>{fontFaces([headerFont, bodyFont])}</style>
      <Title order={2} size="h5" id="design-preview">
        {t('mobilizationSettings.preview')}
      </Title>
      <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
        <Box p="lg" style={{ background: main?.color, color: main?.text }}>
          <p
            style={{
              fontFamily: fontStack(headerFont),
              fontSize: '2rem',
              fontWeight: 700,
              lineHeight: 1.15,
              margin: 0,
            }}
          >
            {t('mobilizationSettings.headingSample')}
          </p>
        </Box>
        <Box p="lg" bg="white" style={{ fontFamily: fontStack(bodyFont), color: '#1f1f1f' }}>
          <p style={{ margin: '0 0 1rem' }}>{t('mobilizationSettings.bodySample')}</p>
          <span
            style={{
              display: 'inline-block',
              padding: '.5rem 1rem',
              borderRadius: 4,
              background: palette?.navbar,
              color: '#fff',
              fontWeight: 700,
            }}
          >
            {t('mobilizationSettings.buttonSample')}
          </span>
        </Box>
      </Paper>
    </Stack>
  );
}
