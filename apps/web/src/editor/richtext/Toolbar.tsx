import { Box, Button, Divider, Group, NumberInput, Popover, Select, Stack, Tooltip } from '@mantine/core';
import { type Rgba, RICH_TEXT_FONTS, rgbaToCss } from '@mutirao/core';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Range } from 'slate';
import { useSlate } from 'slate-react';
import { RgbaColorPicker } from '../color/RgbaColorPicker';
import { loadFontIndex } from '../fonts/loadFont';
import { EditorIcon } from '../icons';
import { currentAlignment } from './alignment';
import { isInGrid } from './grid';
import { ariaKeyshortcuts, type EditorAction, hotkeyLabel } from './hotkeys';
import { activeLink } from './links';
import { currentListType } from './lists';
import {
  currentColor,
  currentFontFamilyIndex,
  currentFontSize,
  isMarkActive,
  MIN_FONT_SIZE,
  normalizeFontSize,
  setColor,
  setFontFamily,
  setFontSize,
} from './marks';
import { ToolbarButton } from './ToolbarButton';

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

interface ToolbarProps {
  run(action: EditorAction): void;
  colorOpened: boolean;
  setColorOpened(opened: boolean): void;
  fontFamilyRef: RefObject<HTMLInputElement | null>;
}

function FontSizeControl({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const editor = useSlate();
  const size = currentFontSize(editor);
  const [draft, setDraft] = useState<string | number>(size);
  useEffect(() => setDraft(size), [size]);
  const commit = () => {
    const next = normalizeFontSize(draft);
    setDraft(next);
    if (next !== size) setFontSize(editor, next);
  };
  return (
    <Group gap={2} wrap="nowrap">
      <NumberInput
        aria-label={t('editor.toolbar.fontSize')}
        title={disabled ? t('editor.toolbar.selectFirst') : undefined}
        value={draft}
        onChange={setDraft}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        min={MIN_FONT_SIZE}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={58}
        size="sm"
        disabled={disabled}
      />
    </Group>
  );
}

/** The block editor's toolbar (spec 02 §4): every formatting tool, each with its shortcut. */
export function Toolbar({ run, colorOpened, setColorOpened, fontFamilyRef }: ToolbarProps) {
  const { t } = useTranslation();
  const editor = useSlate();
  const expanded = !!editor.selection && Range.isExpanded(editor.selection);
  const align = currentAlignment(editor);
  const list = currentListType(editor);
  const inGrid = isInGrid(editor);
  const color = currentColor(editor);
  const familyIndex = currentFontFamilyIndex(editor);
  const needsSelection = expanded ? undefined : t('editor.toolbar.selectFirst');

  return (
    <Group
      role="toolbar"
      aria-label={t('editor.toolbar.label')}
      gap={4}
      p={6}
      wrap="wrap"
      bg="white"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md) var(--mantine-radius-md) 0 0',
        position: 'sticky',
        top: 0,
        zIndex: 2,
      }}
    >
      <ToolbarButton
        label={t('editor.toolbar.bold')}
        icon="bold"
        action="bold"
        active={isMarkActive(editor, 'bold')}
        onClick={() => run('bold')}
      />
      <ToolbarButton
        label={t('editor.toolbar.italic')}
        icon="italic"
        action="italic"
        active={isMarkActive(editor, 'italic')}
        onClick={() => run('italic')}
      />
      <ToolbarButton
        label={t('editor.toolbar.underline')}
        icon="underline"
        action="underline"
        active={isMarkActive(editor, 'underline')}
        onClick={() => run('underline')}
      />
      <ToolbarButton
        label={t('editor.toolbar.strikethrough')}
        icon="strikethrough"
        action="strikethrough"
        active={isMarkActive(editor, 'strikethrough')}
        onClick={() => run('strikethrough')}
      />
      <Divider orientation="vertical" />
      <ToolbarButton
        label={t('editor.toolbar.fontSizeDown')}
        icon="minus"
        action="font-size-down"
        disabled={!expanded}
        onClick={() => run('font-size-down')}
      />
      <FontSizeControl disabled={!expanded} />
      <ToolbarButton
        label={t('editor.toolbar.fontSizeUp')}
        icon="plus"
        action="font-size-up"
        disabled={!expanded}
        onClick={() => run('font-size-up')}
      />
      <Select
        ref={fontFamilyRef}
        aria-label={t('editor.toolbar.fontFamily')}
        aria-keyshortcuts={ariaKeyshortcuts('font-family')}
        title={needsSelection ?? `${t('editor.toolbar.fontFamily')} (${hotkeyLabel('font-family')})`}
        placeholder={t('editor.toolbar.pageFont')}
        data={[
          { value: '', label: t('editor.toolbar.pageFont') },
          ...RICH_TEXT_FONTS.map((font, index) => ({ value: String(index), label: font.family })),
        ]}
        value={familyIndex === undefined ? '' : String(familyIndex)}
        onChange={(value) => {
          const index = value ? Number(value) : undefined;
          loadFontIndex(index);
          setFontFamily(editor, index);
        }}
        searchable
        allowDeselect={false}
        disabled={!expanded}
        w={170}
        size="sm"
        comboboxProps={{ withinPortal: true }}
      />
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
              disabled={!expanded}
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
      <Divider orientation="vertical" />
      <ToolbarButton
        label={t('editor.toolbar.alignLeft')}
        icon="alignLeft"
        action="align-left"
        active={align === 'left'}
        onClick={() => run('align-left')}
      />
      <ToolbarButton
        label={t('editor.toolbar.alignCenter')}
        icon="alignCenter"
        action="align-center"
        active={align === 'center'}
        onClick={() => run('align-center')}
      />
      <ToolbarButton
        label={t('editor.toolbar.alignRight')}
        icon="alignRight"
        action="align-right"
        active={align === 'right'}
        onClick={() => run('align-right')}
      />
      <Divider orientation="vertical" />
      <ToolbarButton
        label={t('editor.toolbar.unorderedList')}
        icon="listBullets"
        action="unordered-list"
        active={list === 'unordered-list'}
        onClick={() => run('unordered-list')}
      />
      <ToolbarButton
        label={t('editor.toolbar.orderedList')}
        icon="listNumbers"
        action="ordered-list"
        active={list === 'ordered-list'}
        onClick={() => run('ordered-list')}
      />
      <ToolbarButton
        label={t('editor.toolbar.indent')}
        icon="indent"
        action="indent"
        disabled={!list}
        onClick={() => run('indent')}
      />
      <ToolbarButton
        label={t('editor.toolbar.outdent')}
        icon="outdent"
        action="outdent"
        disabled={!list}
        onClick={() => run('outdent')}
      />
      <Divider orientation="vertical" />
      <ToolbarButton
        label={t('editor.toolbar.grid')}
        icon="grid"
        action="grid"
        active={inGrid}
        disabled={inGrid}
        onClick={() => run('grid')}
      />
      <ToolbarButton
        label={t('editor.toolbar.splitRow')}
        icon="rows"
        action="split-row"
        disabled={!inGrid}
        onClick={() => run('split-row')}
      />
      <Divider orientation="vertical" />
      <ToolbarButton
        label={t('editor.toolbar.link')}
        icon="link"
        action="link"
        active={!!activeLink(editor)}
        onClick={() => run('link')}
      />
      <ToolbarButton label={t('editor.toolbar.image')} icon="photo" action="image" onClick={() => run('image')} />
      <ToolbarButton label={t('editor.toolbar.embed')} icon="code" action="embed" onClick={() => run('embed')} />
    </Group>
  );
}
