// The review step of a write the policy says needs a second person: *Needs approval* and why, a note for
// the approver, and *Send for approval*, which stores the write exactly as prepared in the team database
// (main refuses to send it directly anyway). Once asked, it says what happened and where to follow it: the
// link closes the dialog (what was asked for is kept in the team database) and opens the request.
import { useState } from 'react';
import type { ApprovalCheck, ApprovalWrite, Approval } from '../../src-shared/ipc/channels/approvals';
import { bridge } from '../lib/bridge';
import { hrefOf } from '../lib/routes';
import { useBridgeQuery } from '../lib/useBridgeQuery';

/** Whether the prepared write needs approval here (null while not known, or when there is nothing to check). */
export function useApprovalCheck(write: ApprovalWrite | null): ApprovalCheck | null {
  const q = useBridgeQuery(['approvals', 'check', write], (o) => bridge().approvals.check(write!, o), {
    enabled: write !== null,
  });
  return write ? (q.data?.data ?? null) : null;
}

export function NeedsApproval({
  write,
  check,
  noun,
  onAsked,
  onClose,
}: {
  write: ApprovalWrite;
  check: ApprovalCheck;
  noun: string;
  /** Told once the request is stored: nothing typed is lost by closing now. */
  onAsked?: (asked: Approval) => void;
  /** Closes the dialog (its link to the request opens Approvals instead of changing the page behind it). */
  onClose?: () => void;
}): React.JSX.Element {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<Approval | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setProblem(null);
    const r = await bridge().approvals.request({ ...write, ...(note.trim() ? { note } : {}) });
    setBusy(false);
    if (r.ok) {
      setAsked(r.data);
      onAsked?.(r.data);
    } else setProblem(r.error.message);
  };
  if (asked)
    return (
      <div className="review-warning" role="status" data-testid="sent-for-approval">
        <strong>Sent for approval as request #{asked.id}.</strong> The {noun} is kept in the team database until an
        approver decides; once approved, the approver&rsquo;s desk sends it once and you are told here in Approvals. You
        can close this dialog: nothing you entered is lost.{' '}
        <a href={`${hrefOf('approvals', asked.id)}`} onClick={() => onClose?.()}>
          Open request #{asked.id} in Approvals
        </a>
      </div>
    );
  return (
    <div className="review-warning needs-approval" role="note" data-testid="needs-approval">
      <p>
        <strong>Needs approval.</strong> This {noun} goes out only after another person approves it:{' '}
        {check.reasons.join('; ')}.
      </p>
      {check.problem ? <p role="alert">{check.problem}</p> : null}
      <label>
        Note for the approver
        <textarea value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={busy || check.problem !== null}
          aria-busy={busy}
          onClick={() => void send()}
        >
          {busy ? 'Sending for approval…' : 'Send for approval'}
        </button>
      </div>
    </div>
  );
}
