// Which columns a table shows in the width it has: columns with a higher `priority` number give way first.

/** Room for a date with its time and zone ("22 Nov 2026, 14:05 GMT+5:30") in a fixed column. */
export const DATE_TIME_WIDTH = 215;

/** The least width a flexible column (one without a fixed `width`) gets when it has no `minWidth`. */
export const DEFAULT_MIN_WIDTH = 90;

export interface FitColumn {
  /** Fixed width in pixels; a column without one shares the remaining space. */
  width?: number;
  /** Least width in pixels of a flexible column before lower-priority columns give way. */
  minWidth?: number;
  /** A flexible column's share of the room left (default 1): an email column takes more than a name's. */
  grow?: number;
  /** 1 (the default) always shows; 2, 3… give way in that order, highest first, when the table is too narrow. */
  priority?: number;
}

const needed = (c: FitColumn): number => c.width ?? c.minWidth ?? DEFAULT_MIN_WIDTH;

/**
 * The columns that fit `available` pixels, in their order. `available` null (not measured yet) keeps every
 * column. Among columns of the same priority the rightmost gives way first; priority-1 columns always stay.
 */
export function fitColumns<C extends FitColumn>(columns: readonly C[], available: number | null): C[] {
  const shown = [...columns];
  if (available === null) return shown;
  let total = shown.reduce((sum, c) => sum + needed(c), 0);
  while (total > available) {
    let drop = -1;
    for (let i = 0; i < shown.length; i++) {
      const p = shown[i]!.priority ?? 1;
      if (p > 1 && (drop < 0 || p >= (shown[drop]!.priority ?? 1))) drop = i;
    }
    if (drop < 0) break;
    total -= needed(shown[drop]!);
    shown.splice(drop, 1);
  }
  return shown;
}

/** The CSS grid template for the shown columns. */
export function gridTemplate(columns: readonly FitColumn[]): string {
  return columns
    .map((c) => (c.width ? `${c.width}px` : `minmax(${c.minWidth ?? DEFAULT_MIN_WIDTH}px, ${c.grow ?? 1}fr)`))
    .join(' ');
}
