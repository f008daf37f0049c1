// The checked file: how its columns were taken (guesses marked for the operator to confirm or change),
// the counts, every row with its customer's name and KYC state, rows already issued that the operator
// may choose to issue again one by one, and the confirmation: the number of cards, shown and typed in words.
import { useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  BULK_COLUMNS,
  BULK_COLUMN_LABELS,
  type BatchPreview,
  type BulkColumn,
  type PreviewRow,
} from '../../../src-shared/ipc/channels/bulk-issue';
import { ErrorState } from '../../components/states/States';
import { bridge } from '../../lib/bridge';
import { NeedsApproval, useApprovalCheck } from '../../writes/NeedsApproval';
import { WriteTarget } from '../../writes/WriteTarget';
import { STATUS_TEXT, cardsInWords, problemInFileWords, typedAsDigits, typedInWords } from './words';
import { formatDate } from '../../lib/format';

const KYC_TEXT = { approved: 'KYC approved', not_approved: 'KYC not approved', unknown: 'KYC unknown' } as const;

function Columns({
  preview,
  onColumns,
}: {
  preview: BatchPreview;
  onColumns: (c: Record<string, BulkColumn | null>) => void;
}): React.JSX.Element {
  const choose = (header: string, value: string) => {
    const columns = Object.fromEntries(preview.columns.map((c) => [c.header, c.field]));
    columns[header] = value === '' ? null : (value as BulkColumn);
    onColumns(columns);
  };
  return (
    <details open={preview.columns.some((c) => c.guessed || c.field === null)} className="panel">
      <summary>Columns of the file</summary>
      <table className="bulk-columns">
        <thead>
          <tr>
            <th>In the file</th>
            <th>Taken as</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((c) => (
            <tr key={c.header}>
              <td>{c.header}</td>
              <td>
                <select
                  aria-label={`Column ${c.header}`}
                  value={c.field ?? ''}
                  onChange={(e) => choose(c.header, e.target.value)}
                >
                  <option value="">(not used)</option>
                  {BULK_COLUMNS.map((f) => (
                    <option key={f} value={f}>
                      {BULK_COLUMN_LABELS[f]}
                    </option>
                  ))}
                </select>{' '}
                {c.guessed ? <span className="bulk-guessed">guessed: check it</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Rows({
  rows,
  columns,
  again,
  toggle,
}: {
  rows: PreviewRow[];
  /** How the file's columns were taken: a problem names a column by the file's own header. */
  columns: BatchPreview['columns'];
  again: Set<number>;
  toggle: (row: number) => void;
}): React.JSX.Element {
  const parent = useRef<HTMLDivElement>(null);
  // As in DataTable: useVirtualizer has no memoizable form; nothing here memoizes its results.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 44,
  });
  return (
    // A scrolling region is reached by keyboard too (Tab, then the arrow keys).
    <div className="bulk-rows" ref={parent} role="table" aria-label="Rows of the file" tabIndex={0}>
      <div className="bulk-row head" role="row">
        <span role="columnheader">Row</span>
        <span role="columnheader">Check</span>
        <span role="columnheader">Customer</span>
        <span role="columnheader">KYC</span>
        <span role="columnheader">Card, or what to fix</span>
      </div>
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((item) => {
          const r = rows[item.index]!;
          return (
            <div
              key={r.row}
              role="row"
              data-row={r.row}
              data-status={r.status}
              className="bulk-row"
              ref={virtual.measureElement}
              data-index={item.index}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              <span role="cell">{r.row}</span>
              <span role="cell">{STATUS_TEXT[r.status]}</span>
              <span role="cell">
                {r.customerName ?? '—'}
                {r.customerId ? <span className="cell-sub mono"> {r.customerId.slice(-8)}</span> : null}
              </span>
              <span role="cell">{r.kyc ? KYC_TEXT[r.kyc] : '—'}</span>
              <span role="cell">
                {r.message ? (
                  <span className={r.status === 'ready' ? '' : 'field-error'}>
                    {problemInFileWords(r.message, columns)}
                  </span>
                ) : (
                  r.card
                )}
                {r.status === 'already_issued' ? (
                  <label>
                    <input type="checkbox" checked={again.has(r.row)} onChange={() => toggle(r.row)} /> Issue again
                  </label>
                ) : null}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function BatchPreviewView({
  preview,
  onColumns,
  onStarted,
}: {
  preview: BatchPreview;
  onColumns: (c: Record<string, BulkColumn | null>) => void;
  onStarted: (batchId: string) => void;
}): React.JSX.Element {
  const [again, setAgain] = useState<Set<number>>(new Set());
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { counts } = preview;
  const cards = counts.ready + again.size;
  const toggle = (row: number) =>
    setAgain((s) => {
      const next = new Set(s);
      if (next.has(row)) next.delete(row);
      else next.add(row);
      return next;
    });
  const confirmed = cards > 0 && typedInWords(typed, cards);
  const digits = !confirmed && typedAsDigits(typed);

  const start = async () => {
    setSending(true);
    setProblem(null);
    const r = await bridge().bulkIssue.start({ batchId: preview.batchId, cards, issueAgainRows: [...again] });
    setSending(false);
    if (r.ok) onStarted(preview.batchId);
    else setProblem(r.error.message);
  };

  // A batch the policy says needs a second person is sent for approval as a whole, not started here.
  const approvalWrite = { operation: 'bulkIssue' as const, input: { batchId: preview.batchId } };
  const approval = useApprovalCheck(again.size === 0 ? approvalWrite : null);
  const notKyc = preview.rows.filter((r) => r.status === 'ready' && r.kyc === 'not_approved').length;
  return (
    <div>
      <Columns preview={preview} onColumns={onColumns} />
      <div className="bulk-counts" aria-label="Counts">
        <div data-testid="count-ready">
          <strong>{counts.ready}</strong> ready
        </div>
        <div data-testid="count-to-fix">
          <strong>{counts.toFix}</strong> to fix
        </div>
        <div data-testid="count-to-skip">
          <strong>{counts.toSkip}</strong> to skip
        </div>
      </div>
      {preview.sameFileAs ? (
        <p role="note" className="review-warning">
          This file was sent already in a batch of {formatDate(preview.sameFileAs.createdAt)} (
          {preview.sameFileAs.state}). Its rows are not sent again unless you choose them one by one below.
        </p>
      ) : null}
      {notKyc > 0 ? (
        <p role="note" className="review-warning">
          <strong>KYC not approved</strong> for {notKyc} of the customers ready to be sent. You can still issue to them.
        </p>
      ) : null}
      <Rows rows={preview.rows} columns={preview.columns} again={again} toggle={toggle} />
      {approval?.needed && cards > 0 ? (
        <NeedsApproval write={approvalWrite} check={approval} noun="batch" />
      ) : cards === 0 ? (
        // Nothing is ready: there is nothing to confirm, so no number to type.
        <p className="bulk-confirm" role="note" data-testid="nothing-to-issue">
          <strong>Nothing to issue.</strong> No row is ready: fix the rows above in the file and choose it again, or
          choose rows to issue again one by one.
        </p>
      ) : (
        <div className="bulk-confirm">
          <p id="bulk-confirm-words">
            Issue <strong data-testid="cards-in-words">{cardsInWords(cards)}</strong> ({cards.toLocaleString('en')}).
          </p>
          <WriteTarget />
          <label>
            To confirm, type the number of cards in words
            <input
              aria-label="Number of cards to issue, in words"
              aria-describedby="bulk-confirm-words bulk-confirm-hint"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              size={40}
            />
          </label>
          <p id="bulk-confirm-hint" className={digits ? 'field-error' : 'muted'} role={digits ? 'alert' : undefined}>
            {digits
              ? 'Type the number in words, not digits: as it is written above.'
              : 'Case, hyphens and "and" do not matter.'}
          </p>
          <button type="button" className="primary" disabled={!confirmed || sending} onClick={() => void start()}>
            Issue {cardsInWords(cards)}
          </button>
        </div>
      )}
      {problem ? <ErrorState error={problem} /> : null}
    </div>
  );
}
