/** One column of a layout: its widths on small, medium and large screens, out of 12. */
export interface ColumnSizes {
  sm_size: number;
  md_size: number;
  lg_size: number;
}

export interface BlockLayout {
  id: string;
  columns: readonly ColumnSizes[];
  /** Medium-screen widths the organiser may choose between; the first is the default. */
  mediumChoices?: readonly number[];
}

const col = (lg: number, md: number): ColumnSizes => ({ sm_size: 12, md_size: md, lg_size: lg });

/**
 * The layouts a new block offers (spec 01 §3, given by their large-screen sizes): 12; 6/6; 4/4/4; 4/8; 3/3/3/3.
 * Phones always stack the columns (sm 12). Medium screens keep the large layout, except the four columns, which
 * would be too narrow there: the spec gives them md 6 or 12, so the organiser chooses two by two (the default) or
 * one under the other.
 */
export const BLOCK_LAYOUTS: readonly BlockLayout[] = [
  { id: '12', columns: [col(12, 12)] },
  { id: '6-6', columns: [col(6, 6), col(6, 6)] },
  { id: '4-4-4', columns: [col(4, 4), col(4, 4), col(4, 4)] },
  { id: '4-8', columns: [col(4, 4), col(8, 8)] },
  { id: '3-3-3-3', columns: [col(3, 6), col(3, 6), col(3, 6), col(3, 6)], mediumChoices: [6, 12] },
];

/** The columns a new block gets: the layout's, with the medium width chosen where the layout offers a choice. */
export function columnsOf(layout: BlockLayout, medium?: number): ColumnSizes[] {
  const md = medium !== undefined && layout.mediumChoices?.includes(medium) ? medium : undefined;
  return layout.columns.map((c) => ({ ...c, md_size: md ?? c.md_size }));
}

export const DEFAULT_LAYOUT = BLOCK_LAYOUTS[0] as BlockLayout;
