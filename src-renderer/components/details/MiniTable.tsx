// The small table inside a detail view (an authorization's request history, a record's fees): one row a
// line of the record, amounts right-aligned under a right-aligned heading.

export interface MiniColumn<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  /** An amount: the heading and the cells align right. */
  numeric?: boolean;
  /** An id or code: the cells are set in the fixed-width face. */
  mono?: boolean;
}

export function MiniTable<T>({ columns, rows }: { columns: MiniColumn<T>[]; rows: readonly T[] }): React.JSX.Element {
  return (
    <table className="mini-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          // The lines have no id of their own; they are shown as they come and never reordered.
          <tr key={i}>
            {columns.map((c) => (
              <td key={c.header} className={c.numeric ? 'num' : c.mono ? 'mono' : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
