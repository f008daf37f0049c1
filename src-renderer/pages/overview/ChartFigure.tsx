// A chart with an accessible name: the picture is one image whose label summarises it, and a data table
// beside it (visually hidden) carries every figure for screen readers.
import { useId } from 'react';

export function ChartFigure({ title, summary, table, children, wide = false }: {
  title: string;
  /** Spans the whole row of charts. */
  wide?: boolean;
  /** One or two sentences a reader would take from the picture. */
  summary: string;
  table: React.ReactNode;
  children: React.ReactNode;
}): React.JSX.Element {
  const titleId = useId();
  return (
    <figure className={`chart-figure panel${wide ? ' chart-wide' : ''}`} aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">{title}</figcaption>
      <div className="chart-area" role="img" aria-label={`${title}. ${summary}`}>
        {children}
      </div>
      <p className="chart-summary">{summary}</p>
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}
