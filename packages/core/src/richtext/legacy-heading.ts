import {
  type HeadingElement,
  type InlineNode,
  LEGACY_FONT_SIZE_HEADINGS,
  type ParagraphElement,
  type RichText,
} from './model';

function visibleTexts(nodes: InlineNode[]): RichText[] {
  return nodes.flatMap((n) =>
    'type' in n ? (n.type === 'link' ? visibleTexts(n.children) : []) : n.text.trim() ? [n] : [],
  );
}

function withoutSize(nodes: InlineNode[], size: number): InlineNode[] {
  return nodes.map((n) => {
    if ('type' in n) return n.type === 'link' ? { ...n, children: withoutSize(n.children, size) as RichText[] } : n;
    if (n.fontSize !== size) return n;
    const { fontSize: _dropped, ...rest } = n;
    return rest;
  });
}

/**
 * A paragraph whose whole text carries one of the legacy editors' sizes (8, 16, 24, 48, 72, 80 px) was a heading
 * there: it becomes h6 … h1 (spec 02 §9), and the size mark it no longer needs is dropped.
 */
export function promoteLegacyHeading(paragraph: ParagraphElement): ParagraphElement | HeadingElement {
  const texts = visibleTexts(paragraph.children);
  const size = texts[0]?.fontSize;
  if (size === undefined || !texts.every((t) => t.fontSize === size)) return paragraph;
  const level = LEGACY_FONT_SIZE_HEADINGS[size];
  if (!level) return paragraph;
  return {
    type: 'heading',
    level,
    ...(paragraph.align ? { align: paragraph.align } : {}),
    children: withoutSize(paragraph.children, size),
  };
}
