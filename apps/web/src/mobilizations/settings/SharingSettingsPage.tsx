import { Box, Card, Grid, Image, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { LIMITS, type MobilizationSharingInput, mobilizationSharingSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../uploads/ImageUpload';
import { checkShareImageSize } from '../../uploads/uploadImage';
import { publicUrlOf } from '../mobilizationsApi';
import { useSettingsMobilization } from './SettingsLayout';
import { SettingsSubmit } from './SettingsSubmit';
import type { MobilizationSettings } from './settingsApi';
import { useSettingsForm } from './useSettingsForm';

const valuesOf = (m: MobilizationSettings): MobilizationSharingInput => ({
  facebook_share_title: m.facebook_share_title ?? '',
  facebook_share_description: m.facebook_share_description ?? '',
  facebook_share_image: m.facebook_share_image ?? '',
  twitter_share_text: m.twitter_share_text ?? '',
});

/**
 * `/mobilizations/{id}/settings/sharing` (spec 01 §5): the Facebook title (70), description (90) and image (at
 * least 600×315, ideally 1200×630, at most 8 MB: checked here before uploading, and again by the server), and the
 * tweet (280), beside a preview of the shared card.
 */
export default function SharingSettingsPage() {
  const { t } = useTranslation();
  const mobilization = useSettingsMobilization();
  const { form, onSubmit, field, errorOf, serverError } = useSettingsForm(
    mobilization,
    mobilizationSharingSchema,
    valuesOf,
  );
  const values = form.watch();
  const count = (value: string | null | undefined, max: number) =>
    t('mobilizationSettings.charCount', { count: (value ?? '').length, max });
  const host = new URL(publicUrlOf(mobilization)).host;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text c="dimmed">{t('mobilizationSettings.sharingIntro')}</Text>
            <ImageUpload
              label={t('mobilizationSettings.shareImage')}
              description={t('mobilizationSettings.shareImageHelp', {
                width: LIMITS.shareImageMinWidth,
                height: LIMITS.shareImageMinHeight,
                idealWidth: LIMITS.shareImageIdealWidth,
                idealHeight: LIMITS.shareImageIdealHeight,
                mb: LIMITS.imageMaxBytes / 1024 / 1024,
              })}
              value={values.facebook_share_image}
              onChange={(url) => form.setValue('facebook_share_image', url ?? '', { shouldDirty: true })}
              check={checkShareImageSize}
              previewSize={105}
              previewRatio={1200 / 630}
            />
            {errorOf('facebook_share_image') && (
              <Text c="danger.8" size="sm" role="alert">
                {errorOf('facebook_share_image')}
              </Text>
            )}
            <TextInput
              label={t('mobilizationSettings.shareTitle')}
              description={count(values.facebook_share_title, LIMITS.shareTitleMax)}
              {...field('facebook_share_title')}
            />
            <Textarea
              label={t('mobilizationSettings.shareDescription')}
              description={count(values.facebook_share_description, LIMITS.shareDescriptionMax)}
              autosize
              minRows={2}
              {...field('facebook_share_description')}
            />
            <Textarea
              label={t('mobilizationSettings.tweet')}
              description={count(values.twitter_share_text, LIMITS.tweetMax)}
              autosize
              minRows={3}
              {...field('twitter_share_text')}
            />
            <SettingsSubmit formState={form.formState} error={serverError} />
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="xs" component="section" aria-labelledby="share-preview">
          <Title order={2} size="h5" id="share-preview">
            {t('mobilizationSettings.sharePreview')}
          </Title>
          <Card withBorder padding={0} radius="sm">
            {values.facebook_share_image ? (
              <Image src={values.facebook_share_image} alt="" h={180} fit="cover" />
            ) : (
              <Box h={180} bg="gray.1" />
            )}
            <Stack gap={2} p="sm" bg="gray.0">
              <Text size="xs" c="dimmed" tt="uppercase">
                {host}
              </Text>
              <Text fw={700} lineClamp={2}>
                {values.facebook_share_title || mobilization.name}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {values.facebook_share_description || mobilization.goal}
              </Text>
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
