import { Box, Button, Group, Popover, Stack, Tooltip } from '@mantine/core';
import { type Rgba, rgbaToCss } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useSlate } from 'slate-react';
import { RgbaColorPicker } from '../color/RgbaColorPicker';
import { EditorIcon } from '../icons';
import { ariaKeyshortcuts, hotkeyLabel } from './hotkeys';
import { currentColor, setColor } from './marks';

/** Text colour presets: neutrals, the brand's colours and a wide campaign palette. */
export const TEXT_COLOR_PRESETS: readonly Rgba[] = [
  [0, 0, 0],
  [51, 51, 51],
  [102, 102, 102],
  [153, 153, 153],
  [255, 255, 255],
  [238, 0, 153],
  [196, 0, 126],
  [242, 51, 146],
  [80, 227, 194],
  [11, 122, 96],
  [84, 208, 246],
  [32, 58, 130],
  [255, 43, 78],
  [224, 0, 42],
  [255, 199, 44],
  [245, 124, 0],
  [123, 31, 162],
  [46, 125, 50],
].map(([r = 0, g = 0, b = 0]) => ({ r, g, b, a: 1 }));

interface TextColorControlProps {
  opened: boolean;
  setOpened(opened: boolean): void;
  /** Why it is disabled (no text selected), or undefined when it is enabled. */
  needsSelection: string | undefined;
}

/** The toolbar's text colour: a button showing the current colour and a popover with the picker, for the selected text. */
export function TextColorControl({
  opened: colorOpened,
  setOpened: setColorOpened,
  needsSelection,
}: TextColorControlProps) {
  const { t } = useTranslation();
  const editor = useSlate();
  const color = currentColor(editor);
  return (
    <Popover
      opened={colorOpened}
      onChange={setColorOpened}
      trapFocus
      returnFocus
      position="bottom-start"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <Tooltip
          label={needsSelection ?? `${t('editor.toolbar.color')} (${hotkeyLabel('color')})`}
          openDelay={400}
          withArrow
        >
          <Button
            variant="subtle"
            color="dark"
            size="sm"
            px={8}
            aria-label={t('editor.toolbar.color')}
            aria-keyshortcuts={ariaKeyshortcuts('color')}
            aria-expanded={colorOpened}
            aria-haspopup="dialog"
            disabled={needsSelection !== undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setColorOpened(!colorOpened)}
          >
            <Stack gap={1} align="center">
              <EditorIcon name="palette" />
              <Box w={18} h={4} style={{ background: color ? rgbaToCss(color) : 'currentColor', borderRadius: 2 }} />
            </Stack>
          </Button>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown w={280} role="dialog" aria-label={t('editor.toolbar.color')}>
        <Stack gap="sm">
          <RgbaColorPicker
            label={t('editor.toolbar.color')}
            value={color}
            presets={TEXT_COLOR_PRESETS}
            onChange={(next) => setColor(editor, next)}
          />
          <Group justify="space-between">
            <Button variant="subtle" size="xs" onClick={() => setColor(editor, undefined)}>
              {t('editor.toolbar.colorReset')}
            </Button>
            <Button size="xs" onClick={() => setColorOpened(false)}>
              {t('app.close')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
