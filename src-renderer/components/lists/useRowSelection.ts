// The row of a list whose detail is open. `selected` is that row while it is among the rows (a new page or
// filter without it leaves nothing to show).
import { useCallback, useState } from 'react';

export function useRowSelection<T>(rows: readonly T[], idOf: (row: T) => string) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const close = useCallback(() => setSelectedId(null), []);
  return {
    selectedId,
    selected: selectedId ? rows.find((row) => idOf(row) === selectedId) : undefined,
    /** Opens the detail of the row with this id. */
    open: setSelectedId,
    close,
    /** The ListBody props that open a row on click or Enter and mark the open one. */
    tableProps: { rowKey: idOf, onOpen: (row: T) => setSelectedId(idOf(row)), selectedKey: selectedId },
  };
}
