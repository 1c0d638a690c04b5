import { Group, NumberInput, Select } from '@mantine/core';
import { RICH_TEXT_FONTS } from '@mutirao/core';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlate } from 'slate-react';
import { loadFontIndex } from '../fonts/loadFont';
import { ariaKeyshortcuts, type EditorAction, hotkeyLabel } from './hotkeys';
import {
  currentFontFamilyIndex,
  currentFontSize,
  MIN_FONT_SIZE,
  normalizeFontSize,
  setFontFamily,
  setFontSize,
} from './marks';
import { ToolbarButton } from './ToolbarButton';

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

interface FontControlsProps {
  run(action: EditorAction): void;
  fontFamilyRef: RefObject<HTMLInputElement | null>;
  /** Why they are disabled (no text selected), or undefined when they are enabled. */
  needsSelection: string | undefined;
}

/** The toolbar's size (smaller, the size itself, larger) and font family, which apply to the selected text. */
export function FontControls({ run, fontFamilyRef, needsSelection }: FontControlsProps) {
  const { t } = useTranslation();
  const editor = useSlate();
  const expanded = needsSelection === undefined;
  const familyIndex = currentFontFamilyIndex(editor);
  return (
    <>
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
    </>
  );
}
