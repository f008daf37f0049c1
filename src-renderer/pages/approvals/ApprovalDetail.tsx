// One approval request as both people read it: the request as this desk rebuilt it from the stored body
// (names before ids, amounts with currency, the account holder by this desk's own name enquiry, the
// environment) with every warning, why it needs approval, the maker's review and note as the maker's words,
// the exact request behind a disclosure and its SHA-256, and what became of it. An approver who is not its
// maker approves it (this desk then sends it once) or rejects it with a reason; its maker withdraws it while it
// waits (saying so twice), and asks again for one rejected or expired.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  APPROVAL_OPERATION_WORDS,
  type Approval,
  type ApprovalWrite,
} from '../../../src-shared/ipc/channels/approvals';
import { Details } from '../../components/details/Drawer';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { hrefOf, navigate } from '../../lib/routes';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { APPROVAL_STATE_LABEL } from '../../lib/approval-states';
import { useApprovalsStore } from '../../stores/approvalsStore';
import { useTeamStore } from '../../stores/teamStore';
import { ApprovalOutcome, shownState } from './ApprovalOutcome';

export const STATE_LABEL = APPROVAL_STATE_LABEL;

export const operationText = (operation: Approval['operation']): string => APPROVAL_OPERATION_WORDS[operation];

function Decision({ a }: { a: Approval }): React.JSX.Element | null {
  const approver = useApprovalsStore((s) => s.status?.approver === true);
  const login = useTeamStore((s) => s.team?.login ?? null);
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Waiting: to decide. Approved by this login but not sent yet (its desk stopped in between): to send.
  if (a.state !== 'waiting' && !(a.state === 'approved' && a.checker !== null && a.checker === login)) return null;
  const act = async (call: () => ReturnType<ReturnType<typeof bridge>['approvals']['get']>) => {
    setBusy(true);
    setProblem(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) setProblem(r.error.message);
    else setNote('');
    void queryClient.invalidateQueries({ queryKey: ['approvals'] });
  };
  if (a.mine)
    return (
      <Withdraw
        a={a}
        busy={busy}
        problem={problem}
        onWithdraw={() => void act(() => bridge().approvals.withdraw({ id: a.id }))}
      />
    );
  if (!approver) return null;
  return (
    <div className="approval-decision">
      <label>
        Note or reason
        <textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} rows={2} />
      </label>
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="form-actions">
        <button
          type="button"
          disabled={busy || note.trim() === ''}
          title={note.trim() === '' ? 'A reason is required to reject' : undefined}
          onClick={() => void act(() => bridge().approvals.reject({ id: a.id, reason: note }))}
        >
          Reject
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void act(() => bridge().approvals.approve({ id: a.id, ...(note.trim() ? { note } : {}) }))}
        >
          {busy ? 'Sending…' : a.state === 'approved' ? 'Send approved request' : 'Approve and send'}
        </button>
      </div>
    </div>
  );
}

/** The maker takes back a waiting request, after saying so a second time. */
function Withdraw({
  a,
  busy,
  problem,
  onWithdraw,
}: {
  a: Approval;
  busy: boolean;
  problem: string | null;
  onWithdraw: () => void;
}): React.JSX.Element {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="form-actions">
      {problem ? <p role="alert">{problem}</p> : null}
      {confirming ? (
        <div role="alertdialog" aria-label="Withdraw this request?" className="review-warning">
          <p>Withdraw request #{a.id}? No approver can approve it any more, and nothing is sent.</p>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>{' '}
          <button type="button" className="primary" disabled={busy} onClick={onWithdraw}>
            Withdraw request #{a.id}
          </button>
        </div>
      ) : (
        <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
          Withdraw request
        </button>
      )}
    </div>
  );
}

/** A rejected or expired request of this login's: asked again as it was (a batch: from its file again). */
function AskAgain({ a }: { a: Approval }): React.JSX.Element | null {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state = shownState(a);
  if (!a.mine || (state !== 'rejected' && state !== 'expired')) return null;
  if (a.operation === 'bulkIssue')
    return (
      <p className="muted">
        To ask again, preview the file again in <a href={hrefOf('bulk-issue')}>Issue from a file</a> and send it for
        approval.
      </p>
    );
  const ask = async () => {
    setBusy(true);
    setProblem(null);
    const r = await bridge().approvals.request({
      operation: a.operation,
      input: a.request,
      ...(a.note ? { note: a.note } : {}),
    } as ApprovalWrite);
    setBusy(false);
    if (!r.ok) return setProblem(r.error.message);
    void queryClient.invalidateQueries({ queryKey: ['approvals'] });
    navigate('approvals', r.data.id);
  };
  return (
    <div className="form-actions">
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="button" className="primary" disabled={busy} aria-busy={busy} onClick={() => void ask()}>
        {busy ? 'Asking again…' : 'Ask again'}
      </button>
    </div>
  );
}

/**
 * What the approver reads first: the request as this desk rebuilt it from the stored body (its own look-ups,
 * its rules), every warning; the maker's review only as the maker's words, folded away.
 */
function ApproverReview({ a }: { a: Approval }): React.JSX.Element {
  const maker = <Details items={a.summary.map((l): [string, React.ReactNode] => [l.label, l.value])} />;
  if (!a.review)
    return (
      <>
        <p className="review-warning" role="note">
          <strong>Needs approval:</strong> {a.reasons.join('; ')}
        </p>
        {maker}
      </>
    );
  return (
    <>
      {a.review.warnings.map((w) => (
        <p key={w} className="field-error" role="alert">
          {w}
        </p>
      ))}
      <p className="review-warning" role="note">
        <strong>Needs approval:</strong>{' '}
        {a.review.reasons.length > 0
          ? a.review.reasons.join('; ')
          : 'the rules in force on this desk name no reason (the maker’s reasons are below, in the maker’s words)'}
      </p>
      <h3>The request, as this desk reads it</h3>
      <div data-testid="approver-review">
        <Details items={a.review.lines.map((l): [string, React.ReactNode] => [l.label, l.value])} />
      </div>
      <details>
        <summary>The maker’s review, in the maker’s words</summary>
        {maker}
        <p className="muted">The maker’s reasons: {a.reasons.join('; ') || '—'}</p>
      </details>
    </>
  );
}

export function ApprovalDetail({ id, onClose }: { id: string; onClose: () => void }): React.JSX.Element {
  const q = useBridgeQuery(['approvals', 'get', id], (o) => bridge().approvals.get({ id }, o));
  const a = q.data?.data;
  return (
    <section className="approval-detail" aria-labelledby="approval-detail-title">
      <h2 id="approval-detail-title">
        Request #{id}
        {a ? ` · ${operationText(a.operation)} · ${STATE_LABEL[shownState(a)]}` : ''}
      </h2>
      {q.error ? <p role="alert">{q.error.message}</p> : null}
      {a ? (
        <>
          <ApproverReview a={a} />
          <Details
            items={[
              ['Asked by', `${a.maker} on ${a.deskName}, ${formatDateTime(a.requestedAt)}`],
              ['The maker’s note', a.note ?? '—'],
              ['Expires', formatDateTime(a.expiresAt)],
              ['Decided', a.checker ? `${a.checker}, ${formatDateTime(a.decidedAt)}` : '—'],
              [a.state === 'rejected' ? 'Reason' : 'Approver’s note', a.decisionNote ?? '—'],
              ['Sent from', a.sendingDeskName ?? '—'],
              ['Result', <ApprovalOutcome a={a} />],
              ['SHA-256', <span className="mono">{a.bodySha256}</span>],
            ]}
          />
          <details>
            <summary>The exact request</summary>
            <pre className="mono">{JSON.stringify(a.request, null, 2)}</pre>
          </details>
          <Decision a={a} />
          <AskAgain a={a} />
        </>
      ) : null}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
