import {
  Alert,
  Button,
  Fieldset,
  FileButton,
  Group,
  Image,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { renderMessage } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale';
import { Icon } from '../shell/icons';
import { useImageUpload } from './useImageUpload';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface ImageUploadProps {
  /** Names the whole control (a fieldset legend), e.g. 'Foto'. */
  label: string;
  description?: string;
  /** The stored image URL, if any. */
  value: string | null | undefined;
  /** The stored URL after an upload, or null when the image is removed. */
  onChange(url: string | null): void;
  previewSize?: number;
  /** Shows the image without the controls that change it. */
  readOnly?: boolean;
  /** A rule of this field beyond type and size, checked in the browser before uploading. */
  check?: (file: File) => Promise<string | undefined>;
  /** The preview's width over its height (1 for a square). */
  previewRatio?: number;
}

/** The one image field of the app: type and size checked here, signed upload with progress, preview, retry. */
export function ImageUpload({
  label,
  description,
  value,
  onChange,
  previewSize = 120,
  readOnly = false,
  check,
  previewRatio = 1,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { state, upload, reset } = useImageUpload(onChange, check);
  const previewWidth = Math.round(previewSize * previewRatio);
  const uploading = state.phase === 'uploading';

  return (
    <Fieldset legend={label} variant="unstyled">
      <Stack gap="xs">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        <Group gap="md" align="center">
          {value ? (
            <Image src={value} alt={t('upload.previewAlt')} w={previewWidth} h={previewSize} fit="cover" radius="md" />
          ) : (
            <Stack
              w={previewWidth}
              h={previewSize}
              bg="gray.1"
              align="center"
              justify="center"
              style={{ borderRadius: 8 }}
            >
              <Icon name="photo" size={36} color="var(--mantine-color-gray-7)" />
            </Stack>
          )}
          {!readOnly && (
            <Stack gap="xs">
              <FileButton onChange={(file) => file && void upload(file)} accept={ACCEPT}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    disabled={uploading}
                    leftSection={<Icon name="photo" size={16} />}
                  >
                    {value ? t('upload.change') : t('upload.choose')}
                  </Button>
                )}
              </FileButton>
              {value && !uploading && (
                <Button
                  variant="subtle"
                  color="danger"
                  onClick={() => {
                    reset();
                    onChange(null);
                  }}
                >
                  {t('upload.remove')}
                </Button>
              )}
            </Stack>
          )}
        </Group>
        {uploading && (
          <Stack gap={4}>
            {/* The role sits on the track, not the bar: at 0% the bar has no width and would not be perceivable. */}
            <Progress.Root
              size="lg"
              role="progressbar"
              aria-label={t('upload.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
            >
              <Progress.Section value={state.percent} withAria={false} />
            </Progress.Root>
            <Text size="sm">{t('upload.progress', { percent: state.percent })}</Text>
          </Stack>
        )}
        <VisuallyHidden role="status">{state.phase === 'done' ? t('upload.done') : ''}</VisuallyHidden>
        {state.phase === 'error' && (
          <Alert color="danger" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{state.text ?? renderMessage(locale, state.encoded ?? 'upload.failed')}</Text>
              {state.retryable && (
                <Button size="compact-sm" variant="white" color="danger" onClick={() => void upload(state.file)}>
                  {t('upload.retry')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}
