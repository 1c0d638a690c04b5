import { contentOfSettings } from '@mutirao/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { EditorBlock } from '../blocks/blocksApi';
import { loadFontFamily, loadFontsOf } from './fonts/loadFont';
import type { EditorMobilization } from './pageMobilization';
import { revealBlock } from './revealBlock';

/**
 * After "Adicionar" on the block screen (`?newBlock=true`): show the new block, which is the last one (spec 01 §2).
 * The blocks may be known (from the block screen) before the page itself has loaded: wait for the page.
 */
export function useRevealNewBlock(mobilization: EditorMobilization | undefined, blocks: EditorBlock[] | undefined) {
  const [params, setParams] = useSearchParams();
  const revealedNew = useRef(false);
  useEffect(() => {
    if (!mobilization || !blocks?.length || revealedNew.current || params.get('newBlock') !== 'true') return;
    revealedNew.current = true;
    const last = blocks[blocks.length - 1];
    if (last) revealBlock(last.id);
    setParams(
      (p) => {
        p.delete('newBlock');
        return p;
      },
      { replace: true },
    );
  }, [blocks, mobilization, params, setParams]);
}

/** Texts in the editor show in their own fonts, downloaded on demand. */
export function useEditorFonts(mobilization: EditorMobilization | undefined, blocks: EditorBlock[] | undefined) {
  useEffect(() => {
    if (mobilization?.body_font) void loadFontFamily(mobilization.body_font);
    if (mobilization?.header_font) void loadFontFamily(mobilization.header_font);
    for (const block of blocks ?? []) {
      for (const widget of block.widgets)
        if (widget.kind === 'content') loadFontsOf(contentOfSettings(widget.settings).document);
    }
  }, [blocks, mobilization]);
}
