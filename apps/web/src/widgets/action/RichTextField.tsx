import { Input, Paper } from '@mantine/core';
import { parseFinishMessage, type RichTextDocument, serializeContent } from '@mutirao/core';
import { useRef, useState } from 'react';
import type { Descendant } from 'slate';
import { RichTextEditor } from '../../editor/richtext/RichTextEditor';

interface RichTextFieldProps {
  label: string;
  description?: string;
  /** The stored value: a block-editor document as JSON, or older rich text; '' when empty. */
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** A document with nothing typed in it is stored as nothing. */
function isEmpty(document: RichTextDocument): boolean {
  return JSON.stringify(document).replace(/"text":""/g, '') === '[{"type":"paragraph","children":[{}]}]';
}

/** How a stored value is saved once it has been through the editor: '' when empty, else the document's JSON. */
export function normalizeRichValue(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim()) return '';
  const { document } = parseFinishMessage(raw);
  return isEmpty(document) ? '' : serializeContent(document);
}

/**
 * A rich-text setting (thank-you e-mail, finish message) edited with the page editor's block editor. The value is
 * the serialised document, and changes only when the text does (Slate also reports selection moves).
 */
export function RichTextField({ label, description, value, onChange, error }: RichTextFieldProps) {
  // The editor keeps its own state: it is created once, from the value it was opened with.
  const [opened] = useState(() => parseFinishMessage(value).document as Descendant[]);
  const last = useRef(value);
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <Paper withBorder radius="sm" mt={4} className="mz-page" style={{ background: '#fff' }}>
        <RichTextEditor
          initialValue={opened}
          label={label}
          onChange={(doc) => {
            const next = isEmpty(doc as RichTextDocument) ? '' : serializeContent(doc as RichTextDocument);
            if (next !== last.current) {
              last.current = next;
              onChange(next);
            }
          }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
