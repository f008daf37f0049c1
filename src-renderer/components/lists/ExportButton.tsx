// "Export CSV" of the current query across all pages: main asks where to save and writes the file;
// the page shows progress and can cancel.
import { useEffect, useRef, useState } from 'react';
import type { ExportProgress } from '../../../src-shared/ipc/channels/exports';
import type { InputOf } from '../../../src-shared/ipc/contract';
import { bridge } from '../../lib/bridge';
import { rateWaitText, useTickingNow } from '../../lib/rateWait';

type ExportInput = InputOf<'exports.start'>;

const n = (v: number) => v.toLocaleString('en');

/** `1,200 of 3,400 rows`; with a filter, `120 rows written · 600 of 3,400 read`. */
export function exportProgressText(p: ExportProgress): string {
  const read = p.readRows ?? p.rows;
  const total = p.totalRows ?? null;
  const filtering = read !== p.rows;
  const text = filtering
    ? `${n(p.rows)} rows written · ${n(read)}${total !== null ? ` of ${n(total)}` : ''} read`
    : `${n(p.rows)}${total !== null ? ` of ${n(total)}` : ''} rows`;
  return text;
}

/**
 * The button's words, with how many rows the file will hold when the list knows it:
 * `Export these 8 customers`, `Export all 1,204 customers`; `Export customers` while counting.
 */
export function exportLabel(count: number | null | undefined, one: string, many: string, narrowed: boolean): string {
  if (count === null || count === undefined) return `Export ${many}`;
  if (count === 0) return `No ${many} to export`;
  if (count === 1) return narrowed ? `Export this ${one}` : `Export the 1 ${one}`;
  return `Export ${narrowed ? 'these' : 'all'} ${n(count)} ${many}`;
}

export function ExportButton({
  source,
  query,
  label = 'Export CSV',
  disabled = false,
}: {
  source: ExportInput['source'];
  query?: ExportInput['query'];
  label?: string;
  /** Nothing to export (the list is empty). */
  disabled?: boolean;
}): React.JSX.Element {
  const [exportId, setExportId] = useState<string | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A short export can finish before `exports.start` answers with its id: keep what arrives meanwhile.
  const current = useRef<string | null>(null);
  const early = useRef(new Map<string, ExportProgress>());
  useEffect(
    () =>
      bridge().events.on('exports.progress', (p) => {
        if (p.exportId === current.current) setProgress(p);
        else if (current.current === null) early.current.set(p.exportId, p);
      }),
    [],
  );

  const running = progress?.phase === 'running' || (exportId !== null && progress === null);
  const now = useTickingNow(progress?.waitingUntil !== undefined);
  const start = async () => {
    setError(null);
    setProgress(null);
    current.current = null;
    early.current.clear();
    const r = await bridge().exports.start({ source, query });
    if (!r.ok) setError(r.error.message);
    else if (r.data.exportId) {
      current.current = r.data.exportId;
      setExportId(r.data.exportId);
      const seen = early.current.get(r.data.exportId);
      if (seen) setProgress(seen);
    }
    early.current.clear();
  };
  return (
    <div className="export" aria-live="polite">
      {running ? (
        <>
          <progress
            className="progress"
            aria-label="Export progress"
            max={progress?.totalPages ?? undefined}
            value={progress?.pagesDone ?? undefined}
          />
          <span data-testid="export-progress">
            {progress ? exportProgressText(progress) : 'Starting…'}
            {progress?.waitingUntil !== undefined ? ` · ${rateWaitText(progress.waitingUntil, now)}` : ''}
          </span>
          <button type="button" onClick={() => exportId && void bridge().exports.cancel({ exportId })}>
            Cancel export
          </button>
        </>
      ) : (
        <button type="button" onClick={() => void start()} disabled={disabled} title="Writes a CSV file">
          {label}
        </button>
      )}
      {progress?.phase === 'done' ? (
        <span role="status">
          Saved {n(progress.rows)} rows
          {progress.readRows !== undefined && progress.readRows !== progress.rows
            ? ` (of ${n(progress.readRows)} read)`
            : ''}{' '}
          to {progress.file}
        </span>
      ) : null}
      {progress?.phase === 'cancelled' ? <span role="status">Export cancelled</span> : null}
      {progress?.phase === 'failed' ? <span role="alert">Export failed: {progress.message}</span> : null}
      {error ? <span role="alert">{error}</span> : null}
    </div>
  );
}
