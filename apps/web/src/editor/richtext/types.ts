import type { RichText, RichTextElement } from '@mutirao/core';
import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/**
 * The editor edits core's document model (spec 02 §3) as it is: Slate's element and text types are core's, so what
 * the editor saves is exactly what the public page renders.
 */
export type {
  Alignment,
  EmbedElement,
  ImageElement,
  ImageLinkElement,
  LinkElement,
  LinkTarget,
  ListElement,
  Rgba,
  RichText,
  RichTextElement,
} from '@mutirao/core';

export type ListType = 'unordered-list' | 'ordered-list';
export type MarkFormat = 'bold' | 'italic' | 'underline' | 'strikethrough';
export type ElementType = RichTextElement['type'];

export type RichTextEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: RichTextEditor;
    Element: RichTextElement;
    Text: RichText;
  }
}
