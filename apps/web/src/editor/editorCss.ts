/**
 * Editor-only touches over the page stylesheet, for every admin screen that draws a page as the editor does (the
 * editor, a revision of the history). A hidden block is marked by its tag and a dashed frame rather than by fading
 * it: faded text and controls fall below WCAG contrast. (Hidden blocks never reach the public page, so this cannot
 * make the two renderings differ.)
 */
export const EDITOR_CSS = `
.mz-page--edit .mz-block--hidden>.mz-block__inner{opacity:1}
.mz-page--edit .mz-block--hidden{outline:3px dashed #595959;outline-offset:-3px}
`;
