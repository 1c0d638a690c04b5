import { type KeyboardEvent, type RefObject, useCallback } from 'react';
import { setAlignment } from './alignment';
import { insertGrid, splitRow } from './grid';
import { actionOf, type EditorAction } from './hotkeys';
import { decreaseListDepth, increaseListDepth, toggleList } from './lists';
import { changeFontSize, toggleMark } from './marks';
import { extendSelection, syncSelectionFromDom } from './selection';
import type { RichTextEditor as SlateEditor } from './types';

interface ActionTargets {
  openLink(): void;
  openImage(): void;
  openEmbed(): void;
  openColor(): void;
  fontFamilyRef: RefObject<HTMLInputElement | null>;
  onSave?(): void;
}

/**
 * What each toolbar button and shortcut does. `run` acts; `onKeyDown` maps a key to its action. Both read the
 * browser's selection first: a button pressed or a key struck right after the caret moved by keyboard acts where the
 * caret is now, not where Slate last read it (the buttons keep the browser's selection in the text).
 */
export function useEditorActions(editor: SlateEditor, targets: ActionTargets) {
  const { openLink, openImage, openEmbed, openColor, fontFamilyRef, onSave } = targets;

  /** Runs an action; false when it does not apply here (Tab outside a list moves focus on, as usual). */
  const run = useCallback(
    (action: EditorAction): boolean => {
      switch (action) {
        case 'bold':
        case 'italic':
        case 'underline':
        case 'strikethrough':
          toggleMark(editor, action);
          return true;
        case 'align-left':
          setAlignment(editor, 'left');
          return true;
        case 'align-center':
          setAlignment(editor, 'center');
          return true;
        case 'align-right':
          setAlignment(editor, 'right');
          return true;
        case 'unordered-list':
        case 'ordered-list':
          toggleList(editor, action);
          return true;
        case 'indent':
          return increaseListDepth(editor);
        case 'outdent':
          return decreaseListDepth(editor);
        case 'grid':
          insertGrid(editor);
          return true;
        case 'split-row':
          splitRow(editor);
          return true;
        case 'font-size-up':
          changeFontSize(editor, 1);
          return true;
        case 'font-size-down':
          changeFontSize(editor, -1);
          return true;
        case 'font-family':
          fontFamilyRef.current?.focus();
          return true;
        case 'color':
          openColor();
          return true;
        case 'link':
          openLink();
          return true;
        case 'image':
          openImage();
          return true;
        case 'embed':
          openEmbed();
          return true;
        case 'save':
          onSave?.();
          return true;
      }
    },
    [editor, openLink, openImage, openEmbed, openColor, fontFamilyRef, onSave],
  );

  const runFromToolbar = (action: EditorAction) => {
    syncSelectionFromDom(editor);
    run(action);
  };

  // Tab and Shift+Tab change list depth only where they can; elsewhere they move focus as usual, so the editor is
  // never a keyboard trap.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (extendSelection(editor, event.nativeEvent)) {
      event.preventDefault();
      return;
    }
    const action = actionOf(event.nativeEvent);
    if (!action) return;
    syncSelectionFromDom(editor);
    if (run(action)) event.preventDefault();
  };

  return { runFromToolbar, onKeyDown };
}
