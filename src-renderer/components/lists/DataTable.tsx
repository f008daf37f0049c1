// The one list component: TanStack Table for columns and cells, TanStack Virtual so 10,000 rows keep
// about a screenful of row elements in the DOM, arrow keys and Enter to move and open. In a narrow window
// the columns with the highest `priority` number give way first, so the table never overflows its box.
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useFitHeight } from './useFitHeight';
import { fitColumns, gridTemplate, type FitColumn } from './columnFit';
import '../components.css';

const features = tableFeatures({});
/**
 * A column; `width` in pixels fixes its width, otherwise columns share the space (at least `minWidth`).
 * `priority` 1 (default) always shows; 2, 3… give way, highest first, when the table is too narrow.
 */
export type Column<T extends RowData> = ColumnDef<typeof features, T> & FitColumn;

/** The inner width of `ref`'s element, kept current as it resizes; null until measured. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table, e.g. "Authorizations". */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Enter or click on a row. */
  onOpen?: (row: T) => void;
  /** The row shown as selected (its detail is open). */
  selectedKey?: string | null;
  /**
   * Most pixel height of the scroll area; a short list takes only the height of its rows. Without it the
   * table reaches down to the foot of the window.
   */
  height?: number;
  rowHeight?: number;
  /** Called when the rows near the end come into view (a continuous list fetches its next page). */
  onEndReached?: () => void;
}

/** "fixed" for a column of fixed width (a date, an amount, a status), "flex" for one that shares the room left. */
const fitOf = (column: FitColumn): 'fixed' | 'flex' => (column.width ? 'fixed' : 'flex');

/** How many rows before the end `onEndReached` fires, so the next page arrives before the user gets there. */
const END_THRESHOLD = 20;

/** The row a navigation key moves to (a page is `page` rows), or null for a key that does not move. */
function rowAfterKey(key: string, active: number, page: number, count: number): number | null {
  if (key === 'ArrowDown') return active + 1;
  if (key === 'ArrowUp') return active - 1;
  if (key === 'PageDown') return active + page;
  if (key === 'PageUp') return active - page;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  rowKey,
  onOpen,
  selectedKey,
  height: fixedHeight,
  rowHeight = 36,
  onEndReached,
}: DataTableProps<T>): React.JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const width = useWidth(rootRef);
  const shown = useMemo(() => fitColumns(columns, width), [columns, width]);
  const table = useTable({ features, columns: shown, data: rows });
  const scrollRef = useRef<HTMLDivElement>(null);
  const fitted = useFitHeight(scrollRef, 520);
  const height = fixedHeight ?? fitted;
  const [active, setActive] = useState(0);
  const modelRows = table.getRowModel().rows;
  // The rule only reports that the React compiler would skip this component: useVirtualizer returns one
  // mutable object by design and has no memoizable form. The app is not built with the compiler, nothing
  // below memoizes the virtualizer's results, and 'use no memo' does not quiet the rule.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });

  useEffect(() => {
    if (active >= modelRows.length) setActive(Math.max(0, modelRows.length - 1));
  }, [active, modelRows.length]);

  const virtualItems = virtualizer.getVirtualItems();
  const lastVisible = virtualItems.at(-1)?.index ?? -1;
  const endReached = useRef(onEndReached);
  endReached.current = onEndReached;
  useEffect(() => {
    if (modelRows.length > 0 && lastVisible >= modelRows.length - 1 - END_THRESHOLD) endReached.current?.();
  }, [lastVisible, modelRows.length]);

  // Keyboard focus follows the active row (a table has no aria-activedescendant): once the row is rendered
  // after scrolling to it, it takes focus.
  const [focusPending, setFocusPending] = useState(false);
  // The active row is marked only while the list has focus; a click's selection is marked by `selectedKey`.
  const [focused, setFocused] = useState(false);
  const move = (to: number) => {
    const next = Math.max(0, Math.min(modelRows.length - 1, to));
    setActive(next);
    setFocusPending(true);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  // Runs again as the rendered rows change, until the scrolled-to row is there.
  useEffect(() => {
    if (!focusPending) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[role="row"][data-index="${active}"]`);
    if (!row) return;
    setFocusPending(false);
    row.focus({ preventScroll: true });
  }, [focusPending, active, virtualItems]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (modelRows.length === 0) return;
    // Keys typed on a control inside a row (a copy button) are that control's.
    const target = e.target as HTMLElement;
    if (target !== e.currentTarget && target.getAttribute('role') !== 'row') return;
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const to = rowAfterKey(e.key, active, page, modelRows.length);
    if (to !== null) move(to);
    else if (e.key === 'Enter' && onOpen) {
      const row = modelRows[active];
      if (row) onOpen(row.original);
    } else return;
    e.preventDefault();
  };

  const template = gridTemplate(shown);
  return (
    <div ref={rootRef} className="data-table" role="table" aria-label={label} aria-rowcount={modelRows.length + 1}>
      <div role="rowgroup" className="dt-head">
        {table.getHeaderGroups().map((group) => (
          <div role="row" key={group.id} className="dt-row" style={{ gridTemplateColumns: template }} aria-rowindex={1}>
            {group.headers.map((header) => (
              <div
                role="columnheader"
                key={header.id}
                className="dt-cell"
                data-fit={fitOf(header.column.columnDef as FitColumn)}
              >
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div
        ref={scrollRef}
        role="rowgroup"
        className="dt-body"
        style={{ height: Math.min(height, Math.max(modelRows.length, 3) * rowHeight + 2) }}
        tabIndex={0}
        aria-label={`${label} rows`}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
          // A focused row scrolled out of the window is removed: keep focus in the list, not on the page.
          const left = e.target;
          const body = e.currentTarget;
          if (e.relatedTarget === null && left !== body) {
            window.setTimeout(() => {
              if (!left.isConnected && (document.activeElement === document.body || document.activeElement === null))
                body.focus({ preventScroll: true });
            }, 0);
          }
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualItems.map((item) => {
            const row = modelRows[item.index]!;
            const key = rowKey(row.original);
            return (
              <div
                role="row"
                key={key}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                aria-selected={selectedKey === key}
                tabIndex={-1}
                className={`dt-row${focused && item.index === active ? ' dt-active' : ''}${selectedKey === key ? ' dt-selected' : ''}`}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, height: rowHeight }}
                onClick={() => {
                  setActive(item.index);
                  onOpen?.(row.original);
                }}
                onFocus={(e) => {
                  if (e.target === e.currentTarget) setActive(item.index);
                }}
              >
                {row.getAllCells().map((cell) => (
                  <div
                    role="cell"
                    key={cell.id}
                    className="dt-cell"
                    data-fit={fitOf(cell.column.columnDef as FitColumn)}
                    // A flexible column's text may give way in a narrow window: the whole of it on hover.
                    title={
                      fitOf(cell.column.columnDef as FitColumn) === 'flex' && typeof cell.getValue() === 'string'
                        ? (cell.getValue() as string)
                        : undefined
                    }
                  >
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
