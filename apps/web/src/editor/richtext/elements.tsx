import { Box, Button, Text, VisuallyHidden } from '@mantine/core';
import { fontAt, fontStack, rgbaToCss } from '@mutirao/core';
import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReactEditor,
  type RenderElementProps,
  type RenderLeafProps,
  useFocused,
  useSelected,
  useSlateStatic,
} from 'slate-react';
import { loadFontIndex } from '../fonts/loadFont';
import { EditorIcon } from '../icons';
import { useEditorUi } from './EditorUiContext';
import classes from './images.module.css';
import type { EmbedElement, ImageElement, ImageLinkElement } from './types';

const alignStyle = (element: { align?: string }): CSSProperties | undefined =>
  element.align ? { textAlign: element.align as CSSProperties['textAlign'] } : undefined;

/**
 * Chromium puts the caret outside an inline at its edges; an empty, zero-size text there lets the cursor sit just
 * inside a link (the fix Slate's own examples use).
 */
function InlineEdge() {
  return (
    <span contentEditable={false} style={{ fontSize: 0 }}>
      {String.fromCodePoint(160)}
    </span>
  );
}

function ImageView({
  attributes,
  children,
  element,
}: RenderElementProps & { element: ImageElement | ImageLinkElement }) {
  const { t } = useTranslation();
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const { editImage } = useEditorUi();
  const active = selected && focused;
  return (
    <span {...attributes} style={{ display: 'inline-block', position: 'relative', maxWidth: '100%' }}>
      {children}
      <span contentEditable={false} className={classes.frame}>
        <img
          className="mz-rt-image"
          src={element.src}
          alt={element.alt ?? element.title ?? ''}
          title={element.title}
          style={{
            display: 'block',
            maxWidth: '100%',
            height: 'auto',
            outline: active ? '3px solid var(--mantine-color-brand-6)' : undefined,
            outlineOffset: 2,
          }}
        />
        {element.type === 'imageLink' && (
          <Box
            pos="absolute"
            top={6}
            left={6}
            bg="white"
            c="dark"
            px={6}
            py={2}
            style={{ borderRadius: 6, lineHeight: 0 }}
          >
            <EditorIcon name="link" size={16} />
            <VisuallyHidden component="span">{t('editor.image.linked', { href: element.href })}</VisuallyHidden>
          </Box>
        )}
        {/* The image edit layer (spec 02 §2): 'Editar' on the selected image, a hint on the others. */}
        {!active && <span className={classes.hint}>{t('editor.image.selectToEdit')}</span>}
        <Box pos="absolute" bottom={8} left={8} style={{ display: active ? 'block' : 'none' }}>
          <Button
            size="compact-sm"
            leftSection={<EditorIcon name="edit" size={14} />}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editImage(ReactEditor.findPath(editor, element))}
          >
            {t('editor.image.edit')}
          </Button>
        </Box>
      </span>
    </span>
  );
}

/**
 * An embed runs only on the public page (where the organiser put it). Here it is previewed in a sandboxed frame with
 * no access to the admin app's origin, so a snippet can never act as the signed-in organiser.
 */
function EmbedView({ attributes, children, element }: RenderElementProps & { element: EmbedElement }) {
  const { t } = useTranslation();
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const { editEmbed } = useEditorUi();
  return (
    <span {...attributes} style={{ display: 'inline-block', width: '100%', verticalAlign: 'top' }}>
      {children}
      <Box
        component="span"
        contentEditable={false}
        display="block"
        p="xs"
        style={{
          border: `2px ${selected && focused ? 'solid var(--mantine-color-brand-6)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 8,
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <Box component="span" display="flex" style={{ justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <Text component="span" size="sm" fw={700}>
            <EditorIcon name="code" size={14} /> {t('editor.embed.preview')}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editEmbed(ReactEditor.findPath(editor, element))}
          >
            {t('editor.embed.edit')}
          </Button>
        </Box>
        <iframe
          title={t('editor.embed.previewTitle')}
          sandbox="allow-scripts allow-popups allow-presentation"
          srcDoc={`<!doctype html><meta charset="utf-8"><style>body{margin:0}iframe{max-width:100%}</style>${element.embed}`}
          style={{ display: 'block', width: '100%', minHeight: 200, border: 0, marginTop: 8, background: 'white' }}
        />
      </Box>
    </span>
  );
}

/**
 * How each node of the document looks while it is edited: the public renderer's elements and classes (widgets'
 * RichTextView), so the text being edited looks as it will on the page.
 */
export function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'heading': {
      const Tag = `h${element.level}` as 'h1';
      return (
        <Tag {...attributes} className="mz-rt-heading" style={alignStyle(element)}>
          {children}
        </Tag>
      );
    }
    case 'unordered-list':
      return <ul {...attributes}>{children}</ul>;
    case 'ordered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return (
        <li {...attributes} style={alignStyle(element)}>
          {children}
        </li>
      );
    case 'grid':
      return (
        <div {...attributes} className="mz-rt-grid">
          {children}
        </div>
      );
    case 'grid-row':
      return (
        <div {...attributes} className="mz-rt-row">
          {children}
        </div>
      );
    case 'grid-cell':
      return (
        <div
          {...attributes}
          className="mz-rt-cell"
          style={{ outline: '1px dashed currentColor', outlineOffset: 2, ...alignStyle(element) }}
        >
          {children}
        </div>
      );
    case 'link':
      return (
        <a
          {...attributes}
          href={element.href ?? undefined}
          title={element.title}
          target={element.target}
          rel={element.target === '_blank' ? 'noopener noreferrer' : undefined}
        >
          <InlineEdge />
          {children}
          <InlineEdge />
        </a>
      );
    case 'image':
    case 'imageLink':
      return <ImageView {...props} element={element} />;
    case 'embed':
      return <EmbedView {...props} element={element} />;
    default:
      return (
        <p {...attributes} className="mz-rt-p" style={alignStyle(element)}>
          {children}
        </p>
      );
  }
}

function FontLoader({ index }: { index: number }) {
  useEffect(() => loadFontIndex(index), [index]);
  return null;
}

export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  const font = fontAt(leaf.fontFamilyIndex);
  const style: CSSProperties = {};
  if (leaf.fontSize) style.fontSize = `${leaf.fontSize}px`;
  if (font) style.fontFamily = fontStack(font.family, font.category);
  if (leaf.color) style.color = rgbaToCss(leaf.color);
  return (
    <span {...attributes} style={style}>
      {font && leaf.fontFamilyIndex !== undefined && <FontLoader index={leaf.fontFamilyIndex} />}
      {content}
    </span>
  );
}
