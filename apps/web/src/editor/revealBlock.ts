/**
 * Brings a block into view and puts the keyboard on its menu, e.g. after adding or duplicating it (spec 01 §2: the
 * editor opens "scrolled to it"). The section may not be on screen yet (the page is still loading), so it is looked
 * for over the next frames. Images and fonts still loading above it would push it down afterwards, so it is scrolled
 * to again once they are in, unless the organiser has scrolled elsewhere meanwhile.
 */
export function revealBlock(id: number, frames = 60) {
  const section = document.querySelector<HTMLElement>(`[data-block-id="${id}"]`);
  if (!section) {
    if (frames > 0) requestAnimationFrame(() => revealBlock(id, frames - 1));
    return;
  }
  section.scrollIntoView({ block: 'start' });
  section.querySelector<HTMLElement>('.mz-block__menu button')?.focus({ preventScroll: true });
  const settledAt = window.scrollY;
  const above = [...document.images].filter(
    (img) => !img.complete && section.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_PRECEDING,
  );
  void Promise.all([document.fonts.ready, ...above.map((img) => img.decode().catch(() => undefined))]).then(() => {
    if (section.isConnected && window.scrollY === settledAt) section.scrollIntoView({ block: 'start' });
  });
}
