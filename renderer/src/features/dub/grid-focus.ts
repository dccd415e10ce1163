/** The Dub grid's root (DubGrid.tsx); its cell keys belong to it alone. */
export const DUB_GRID_SELECTOR = '[role="grid"][data-dub-grid]';

/**
 * Whether keyboard focus is inside the Dub grid. The grid's keys (arrows, Space, Enter, Delete,
 * Ctrl+A/D) act on the selected cells; pressed on a button or box elsewhere on the screen they
 * would leave out, open or remove cells the user was not looking at.
 */
export function focusInGrid(): boolean {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active?.closest(DUB_GRID_SELECTOR) != null;
}

/** Puts focus back on the grid's current cell (after the drawer closes), when the grid is there. */
export function focusGridCell(): void {
  if (typeof document === 'undefined') return;
  const grid = document.querySelector<HTMLElement>(DUB_GRID_SELECTOR);
  grid?.querySelector<HTMLElement>('.dub-cell--active')?.focus();
}
