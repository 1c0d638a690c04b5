import { createContext, useContext } from 'react';
import type { Path } from 'slate';

/** What the rich-text nodes ask of the editor around them: the dialogs that edit images and embeds. */
export interface EditorUi {
  editImage(path: Path): void;
  editEmbed(path: Path): void;
}

export const EditorUiContext = createContext<EditorUi>({ editImage: () => {}, editEmbed: () => {} });

export const useEditorUi = () => useContext(EditorUiContext);
