// A chart with an accessible name: the picture is one image whose label summarises it, and a data table
// beside it (visually hidden) carries every figure for screen readers.
import { useId } from 'react';

/** The figures of a chart: a header per column; each row starts with the cell that names it. */
export interface FigureTable {
  columns: readonly string[];
  rows: { key: string; cells: React.ReactNode[] }[];
}

export function ChartFigure({
  title,
  summary,
  table,
  children,
  wide = false,
}: {
  title: string;
  /** Spans the whole row of charts. */
  wide?: boolean;
  /** One or two sentences a reader would take from the picture. */
  summary: string;
  table: FigureTable;
  children: React.ReactNode;
}): React.JSX.Element {
  const titleId = useId();
  return (
    <figure className={`chart-figure panel${wide ? ' chart-wide' : ''}`} aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      <div className="chart-area" role="img" aria-label={`${title}. ${summary}`}>
        {children}
      </div>
      <p className="chart-summary">{summary}</p>
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(({ key, cells: [head, ...rest] }) => (
              <tr key={key}>
                <th scope="row">{head}</th>
                {rest.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
