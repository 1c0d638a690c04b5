import { Box, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RgbaColorPicker } from '../editor/color/RgbaColorPicker';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { ImageUpload } from '../uploads/ImageUpload';
import { BACKGROUND_PRESETS, type BlockBackground, bgClassOfColor, colorOfBgClass, rgbaCss } from './background';

interface BackgroundFieldsProps {
  value: BlockBackground;
  onChange(next: BlockBackground): void;
}

/**
 * A block's background (spec 01 §2, §4): a colour (RGBA, presets or picker) or an image. Removing an image asks
 * 'Deseja remover a imagem de fundo?' first.
 */
export function BackgroundFields({ value, onChange }: BackgroundFieldsProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'color' | 'image'>(value.bg_image ? 'image' : 'color');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const color = colorOfBgClass(value.bg_class);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
      <Stack gap="md" maw={360}>
        <Stack gap={4}>
          <Text fw={700} size="sm" id="background-kind-label">
            {t('editor.background.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="background-kind-label"
            value={kind}
            onChange={(next) => setKind(next as 'color' | 'image')}
            data={[
              { value: 'color', label: t('editor.background.color') },
              { value: 'image', label: t('editor.background.image') },
            ]}
          />
        </Stack>
        {kind === 'color' ? (
          <RgbaColorPicker
            label={t('editor.background.color')}
            value={color}
            presets={BACKGROUND_PRESETS}
            onChange={(next) => onChange({ ...value, bg_class: bgClassOfColor(next) })}
          />
        ) : (
          <ImageUpload
            label={t('editor.background.image')}
            description={t('editor.background.imageHelp')}
            value={value.bg_image}
            onChange={(url) => {
              if (url) onChange({ ...value, bg_image: url });
              else setConfirmRemove(true);
            }}
            previewSize={96}
          />
        )}
      </Stack>
      <Box>
        <Text size="sm" fw={700} mb={4}>
          {t('editor.background.preview')}
        </Text>
        <Box
          h={180}
          style={{
            borderRadius: 8,
            border: '1px solid var(--mantine-color-gray-4)',
            backgroundColor: color ? rgbaCss(color) : undefined,
            backgroundImage: value.bg_image ? `url("${encodeURI(value.bg_image)}")` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
          role="img"
          aria-label={t('editor.background.previewLabel')}
        />
      </Box>
      <ConfirmDialog
        opened={confirmRemove}
        title={t('editor.background.removeImageTitle')}
        message={t('editor.background.removeImageConfirm')}
        confirmLabel={t('upload.remove')}
        danger
        onConfirm={() => {
          setConfirmRemove(false);
          onChange({ ...value, bg_image: null });
        }}
        onCancel={() => setConfirmRemove(false)}
      />
    </SimpleGrid>
  );
}
