import { Box, Card, Grid, Image, Stack, Text, Title } from '@mantine/core';
import { mobilizationSharingSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { publicUrlOf } from '../mobilizationsApi';
import { useSettingsMobilization } from './SettingsLayout';
import { SettingsSubmit } from './SettingsSubmit';
import { SharingFields, sharingValuesOf } from './SharingFields';
import { useSettingsForm } from './useSettingsForm';

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
    sharingValuesOf,
  );
  const communityImage = useSession().community?.image;
  const values = form.watch();
  const url = publicUrlOf(mobilization);
  const host = new URL(url).host;
  // What a link preview shows without a share image: the community's (public/document.ts does the same).
  const image = values.facebook_share_image || communityImage;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text c="dimmed">{t('mobilizationSettings.sharingIntro')}</Text>
            <SharingFields
              form={form}
              field={field}
              errorOf={errorOf}
              page={{ name: mobilization.name, goal: mobilization.goal, url }}
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
            {image ? <Image src={image} alt="" h={180} fit="cover" /> : <Box h={180} bg="gray.1" />}
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
