import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type MobilizationSharingInput, type PublicRuleFields, suggestedShareTexts } from '@mutirao/core';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import type { useSchemaForm } from '../../forms/useSchemaForm';
import { ImageUpload } from '../../uploads/ImageUpload';
import { checkShareImageSize } from '../../uploads/uploadImage';

/** The form's starting values from the saved page: blank strings for what is not set. */
export const sharingValuesOf = (m: PublicRuleFields): MobilizationSharingInput => ({
  facebook_share_title: m.facebook_share_title ?? '',
  facebook_share_description: m.facebook_share_description ?? '',
  facebook_share_image: m.facebook_share_image ?? '',
  twitter_share_text: m.twitter_share_text ?? '',
});

type SharingForm = ReturnType<typeof useSchemaForm<MobilizationSharingInput, unknown>>;

interface SharingFieldsProps {
  form: UseFormReturn<MobilizationSharingInput, unknown, unknown>;
  field: SharingForm['field'];
  errorOf: SharingForm['errorOf'];
  /** At launch the three texts are required (spec 01 §5, the image being optional here), and say so. */
  required?: boolean;
  /** The page whose name, goal and address suggest the texts still blank. */
  page: { name: string; goal: string; url: string };
}

/**
 * Fills the blank share texts with core's suggestions (name, goal cut at its limit, name and address), once, as
 * changes: the organiser sees what links will say and saves it (or edits it) like anything typed.
 */
function useSuggestedTexts(form: SharingFieldsProps['form'], page: SharingFieldsProps['page']) {
  const [suggested, setSuggested] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, over the values the form started with.
  useEffect(() => {
    const texts = suggestedShareTexts(page, page.url);
    let any = false;
    for (const [name, text] of Object.entries(texts) as [keyof typeof texts, string][]) {
      if (form.getValues(name) || !text) continue;
      form.setValue(name, text, { shouldDirty: true });
      any = true;
    }
    setSuggested(any);
  }, []);
  return suggested;
}

/**
 * The four share fields (spec 01 §5): the Facebook image (optional, saying what links show without it; at least
 * 600×315, ideally 1200×630, at most 8 MB: checked here before uploading, and again by the server), title (70),
 * description (90) and the tweet (280), the blank texts suggested from the page. The settings tab and the launch
 * wizard both use them.
 */
export function SharingFields({ form, field, errorOf, required, page }: SharingFieldsProps) {
  const { t } = useTranslation();
  const values = form.watch();
  const suggested = useSuggestedTexts(form, page);
  const communityImage = useSession().community?.image;
  const count = (value: string | null | undefined, max: number) =>
    t('mobilizationSettings.charCount', { count: (value ?? '').length, max });
  const imageHelp = t('mobilizationSettings.shareImageHelp', {
    width: LIMITS.shareImageMinWidth,
    height: LIMITS.shareImageMinHeight,
    idealWidth: LIMITS.shareImageIdealWidth,
    idealHeight: LIMITS.shareImageIdealHeight,
    mb: LIMITS.imageMaxBytes / 1024 / 1024,
  });
  const fallback = t(
    communityImage ? 'mobilizationSettings.shareImageOptional' : 'mobilizationSettings.shareImageOptionalNone',
  );
  return (
    <Stack gap="md">
      {suggested && !required && (
        <Alert color="blue" variant="light">
          {t('mobilizationSettings.shareSuggested')}
        </Alert>
      )}
      <ImageUpload
        label={t('mobilizationSettings.shareImage')}
        description={`${fallback} ${imageHelp}`}
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
        required={required}
        {...field('facebook_share_title')}
      />
      <Textarea
        label={t('mobilizationSettings.shareDescription')}
        description={count(values.facebook_share_description, LIMITS.shareDescriptionMax)}
        autosize
        minRows={2}
        required={required}
        {...field('facebook_share_description')}
      />
      <Textarea
        label={t('mobilizationSettings.tweet')}
        description={count(values.twitter_share_text, LIMITS.tweetMax)}
        autosize
        minRows={3}
        required={required}
        {...field('twitter_share_text')}
      />
    </Stack>
  );
}
