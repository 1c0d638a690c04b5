import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TemplateSummary } from '../mobilizations/createApi';
import classes from './TemplateCard.module.css';
import { TemplateStyles } from './TemplateStyles';
import { TemplateThumbnail } from './TemplateThumbnail';

/** How many of the library's templates the first choice screen shows; the picker lists them all. */
export const GALLERY_SIZE = 6;

/**
 * The start of the global library on `/templates/choose` (spec 01 §2: "pick a global template"), with thumbnails:
 * each opens the picker with it chosen, where Continuar applies it.
 */
export function TemplateGallery({
  mobilizationId,
  templates,
}: {
  mobilizationId: number;
  templates: TemplateSummary[];
}) {
  const { t } = useTranslation();
  if (!templates.length) return null;
  const picker = `/mobilizations/${mobilizationId}/templates/choose/global`;
  return (
    <Stack gap="sm" component="section" aria-labelledby="template-gallery" mt="xl">
      <TemplateStyles />
      <Title order={2} size="h4" id="template-gallery">
        {t('chooseTemplate.galleryTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {templates.slice(0, GALLERY_SIZE).map((tpl) => (
          <Paper key={tpl.id} withBorder radius="md" p="sm" className={classes.card}>
            <TemplateThumbnail templateId={tpl.id} />
            <Stack gap={2}>
              <Anchor component={Link} to={`${picker}?template=${tpl.id}`} fw={700} className={classes.stretched}>
                {tpl.name}
              </Anchor>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {tpl.goal}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {templates.length > GALLERY_SIZE && (
        <Anchor component={Link} to={picker} fw={700}>
          {t('chooseTemplate.seeAll', { count: templates.length })}
        </Anchor>
      )}
    </Stack>
  );
}
