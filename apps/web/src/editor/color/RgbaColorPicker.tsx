import { ColorPicker, ColorSwatch, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { parseCssColor, type Rgba, rgbaToCss } from '@mutirao/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RgbaColorPickerProps {
  /** Names the control group, e.g. 'Cor do texto'. */
  label: string;
  value: Rgba | undefined;
  onChange(color: Rgba): void;
  presets: readonly Rgba[];
}

const same = (a: Rgba | undefined, b: Rgba) => !!a && a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/**
 * An RGBA colour (spec 02 §3, spec 01 §3): preset swatches, a picker with an opacity slider, and the value as text
 * for those who know the colour they want. Every part works from the keyboard.
 */
export function RgbaColorPicker({ label, value, onChange, presets }: RgbaColorPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const css = value ? rgbaToCss(value) : '';
  const [text, setText] = useState(css);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    setText(css);
    setInvalid(false);
  }, [css]);

  return (
    <Stack gap="sm" role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} fw={700} size="sm">
        {label}
      </Text>
      <Group gap={6} role="group" aria-label={t('editor.color.presets')}>
        {presets.map((preset) => {
          const presetCss = rgbaToCss(preset);
          const selected = same(value, preset);
          return (
            <UnstyledButton
              key={presetCss}
              onClick={() => onChange(preset)}
              aria-label={t('editor.color.preset', { color: presetCss })}
              aria-pressed={selected}
              style={{ borderRadius: 999, lineHeight: 0 }}
            >
              <ColorSwatch
                component="span"
                color={presetCss}
                size={26}
                withShadow
                style={{ outline: selected ? '2px solid var(--mantine-color-brand-7)' : undefined, outlineOffset: 2 }}
              />
            </UnstyledButton>
          );
        })}
      </Group>
      <ColorPicker
        format="rgba"
        value={css || 'rgba(0, 0, 0, 1)'}
        onChange={(next) => {
          const parsed = parseCssColor(next);
          if (parsed) onChange(parsed);
        }}
        fullWidth
        saturationLabel={t('editor.color.saturation')}
        hueLabel={t('editor.color.hue')}
        alphaLabel={t('editor.color.alpha')}
      />
      <TextInput
        label={t('editor.color.value')}
        description={t('editor.color.valueHelp')}
        value={text}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const parsed = parseCssColor(next);
          setInvalid(!parsed && next.trim() !== '');
          if (parsed) onChange(parsed);
        }}
        error={invalid ? t('editor.color.invalid') : undefined}
      />
    </Stack>
  );
}
