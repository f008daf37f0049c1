// One batch: its progress while it is sent (sent, issued, failed, unknown, the rate, the time left with
// the rate limit's waits, a wait under way), Pause / Resume / Cancel, and its results once it stops,
// with the results CSV and the batch's entries in the Journal.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BatchResultRow } from '../../../src-shared/ipc/channels/bulk-issue';
import { ErrorState } from '../../components/states/States';
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { OUTCOME_TEXT, durationText, stateText } from './words';
import { displayPan, formatTime } from '../../lib/format';
import { hrefOf } from '../../lib/routes';

const POLL_MS = 500;

function Results({ batchId }: { batchId: string }): React.JSX.Element {
  const [rows, setRows] = useState<BatchResultRow[] | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    void bridge()
      .bulkIssue.results({ batchId })
      .then((r) => r.ok && setRows(r.data.rows));
  }, [batchId]);
  const save = async () => {
    const r = await bridge().bulkIssue.saveResults({ batchId });
    setSaved(
      r.ok ? (r.data.saved ? `Results saved as ${r.data.fileName} in ${r.data.folder}.` : null) : r.error.message,
    );
  };
  return (
    <section aria-labelledby="results-title" className="panel">
      <h2 id="results-title">Results</h2>
      <div className="toolbar">
        <button type="button" onClick={() => void save()}>
          Save the results CSV
        </button>
        <a href={`#/journal?batch=${batchId}`}>This batch in the Journal</a>
      </div>
      {saved ? <p role="status">{saved}</p> : null}
      {rows ? (
        <div className="bulk-rows bulk-results" role="table" aria-label="Results">
          <div className="bulk-row head" role="row">
            <span role="columnheader">Row</span>
            <span role="columnheader">Outcome</span>
            <span role="columnheader">Customer</span>
            <span role="columnheader">Card</span>
            <span role="columnheader">Card id, or why</span>
          </div>
          {rows.map((r) => (
            <div key={r.row} className="bulk-row" role="row" data-row={r.row} data-outcome={r.outcome}>
              <span role="cell">{r.row}</span>
              <span role="cell">{OUTCOME_TEXT[r.outcome]}</span>
              <span role="cell">
                {r.customerName ?? r.customer}
                {r.customerId ? (
                  <>
                    {' '}
                    <a href={hrefOf('customers', r.customerId)}>Open</a>
                  </>
                ) : null}
              </span>
              <span role="cell" className="mono">
                {r.cardId && r.maskedPan ? (
                  <a href={hrefOf('cards', r.cardId)}>{displayPan(r.maskedPan)}</a>
                ) : (
                  displayPan(r.maskedPan)
                )}
              </span>
              <span role="cell" className={r.error ? undefined : 'mono'}>
                {r.error ?? (r.cardId ? r.cardId : '')}
              </span>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function BatchProgressView({ batchId }: { batchId: string }): React.JSX.Element {
  const queryClient = useQueryClient();
  const query = useBridgeQuery(['bulkIssue.status', batchId], (opts) => bridge().bulkIssue.status({ batchId }, opts), {
    refetchIntervalMs: POLL_MS,
  });
  const status = query.data?.data ?? null;
  const [problem, setProblem] = useState<string | null>(null);
  const [acting, setActing] = useState(false);

  const act = async (what: 'pause' | 'resume' | 'cancel') => {
    setActing(true);
    setProblem(null);
    const r = await bridge().bulkIssue[what]({ batchId });
    setActing(false);
    if (r.ok) queryClient.setQueryData(['bulkIssue.status', batchId], { data: r.data });
    else setProblem(r.error.message);
  };

  if (!status) return <p role="status">{query.error?.message ?? 'Loading the batch…'}</p>;
  const left = status.total - status.sent;
  const stopped = status.state === 'done' || status.state === 'cancelled';
  return (
    <div>
      <p role="status" data-testid="batch-state" data-state={status.state}>
        {status.fileName ?? 'Batch'}: <strong>{stateText(status.state)}</strong>
        {status.message ? ` — ${status.message}` : ''}
      </p>
      <div className="bulk-progress-figures panel" aria-label="Progress">
        <span data-testid="sent">
          Sent <strong>{status.sent}</strong> of {status.total}
        </span>
        <span data-testid="issued">
          Issued <strong>{status.issued}</strong>
        </span>
        <span data-testid="failed">
          Failed <strong>{status.failed}</strong>
        </span>
        <span data-testid="unknown">
          Unknown <strong>{status.unknown}</strong>
        </span>
        {status.notIssued > 0 ? (
          <span data-testid="not-issued">
            Not issued <strong>{status.notIssued}</strong>
          </span>
        ) : null}
        {status.perMinute !== null ? <span>{status.perMinute} a minute</span> : null}
        {status.state === 'running' && status.etaMs !== null && left > 0 ? (
          <span>{status.etaMs < 1000 ? 'Almost done' : `About ${durationText(status.etaMs)} left`}</span>
        ) : null}
        {status.waitingUntil !== null ? (
          <span>Waiting for the rate limit until {formatTime(new Date(status.waitingUntil).toISOString())}</span>
        ) : null}
      </div>
      <progress max={Math.max(1, status.total)} value={status.sent} aria-label="Rows sent" />
      <div className="toolbar">
        {status.state === 'running' ? (
          <button type="button" disabled={acting} onClick={() => void act('pause')}>
            Pause
          </button>
        ) : null}
        {status.state === 'paused' || status.state === 'interrupted' ? (
          <button type="button" className="primary" disabled={acting} onClick={() => void act('resume')}>
            Resume
          </button>
        ) : null}
        {!stopped ? (
          <button type="button" disabled={acting} onClick={() => void act('cancel')}>
            Cancel the rest
          </button>
        ) : null}
      </div>
      {problem ? <ErrorState error={problem} /> : null}
      {stopped ? <Results key={status.state} batchId={batchId} /> : null}
    </div>
  );
}
