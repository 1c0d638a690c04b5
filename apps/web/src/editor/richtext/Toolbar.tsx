import { Divider, Group } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Range } from 'slate';
import { useSlate } from 'slate-react';
import { currentAlignment } from './alignment';
import { FontControls } from './FontControls';
import { isInGrid } from './grid';
import type { EditorAction } from './hotkeys';
import { activeLink } from './links';
import { currentListType } from './lists';
import { isMarkActive } from './marks';
import { TextColorControl } from './TextColorControl';
import { ToolbarButton } from './ToolbarButton';

interface ToolbarProps {
  run(action: EditorAction): void;
  colorOpened: boolean;
  setColorOpened(opened: boolean): void;
  fontFamilyRef: RefObject<HTMLInputElement | null>;
}

/** The block editor's toolbar (spec 02 §4): every formatting tool, each with its shortcut. */
export function Toolbar({ run, colorOpened, setColorOpened, fontFamilyRef }: ToolbarProps) {
  const { t } = useTranslation();
  const editor = useSlate();
  const expanded = !!editor.selection && Range.isExpanded(editor.selection);
  const align = currentAlignment(editor);
  const list = currentListType(editor);
  const inGrid = isInGrid(editor);
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
      <FontControls run={run} fontFamilyRef={fontFamilyRef} needsSelection={needsSelection} />
      <TextColorControl opened={colorOpened} setOpened={setColorOpened} needsSelection={needsSelection} />
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
