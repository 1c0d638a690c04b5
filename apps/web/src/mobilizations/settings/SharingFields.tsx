import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type MobilizationSharingInput, type PublicRuleFields } from '@mutirao/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  /** At launch every field is required (spec 01 §5), and says so. */
  required?: boolean;
}

/**
 * The four share fields (spec 01 §5): the Facebook image (at least 600×315, ideally 1200×630, at most 8 MB: checked
 * here before uploading, and again by the server), title (70), description (90) and the tweet (280). The settings
 * tab and the launch wizard both use them.
 */
export function SharingFields({ form, field, errorOf, required }: SharingFieldsProps) {
  const { t } = useTranslation();
  const values = form.watch();
  const count = (value: string | null | undefined, max: number) =>
    t('mobilizationSettings.charCount', { count: (value ?? '').length, max });
  return (
    <Stack gap="md">
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
        onChange={(url) =>
          form.setValue('facebook_share_image', url ?? '', { shouldDirty: true, shouldValidate: !!url && required })
        }
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
