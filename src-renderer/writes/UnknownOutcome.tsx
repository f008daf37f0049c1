// What the user sees when a write may or may not have happened: a clear warning, where it is recorded,
// and a resend that needs an explicit confirmation (which tells main the user accepted the risk).
import { useState } from 'react';
import { hrefOf } from '../lib/routes';
import { bridge } from '../lib/bridge';

export interface UnknownWrite {
  message: string;
  journalEntryId: string;
  /** True when this attempt was refused because an earlier identical one has an unknown outcome. */
  blockedByEarlier: boolean;
}

export function UnknownOutcome({
  noun,
  unknown,
  onResend,
  busy,
}: {
  /** "card", "wallet", "account". */
  noun: string;
  unknown: UnknownWrite;
  /** Sends the same request again; called only after the resend was allowed in main. */
  onResend: () => Promise<void>;
  busy: boolean;
}): React.JSX.Element {
  const [understood, setUnderstood] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [allowing, setAllowing] = useState(false);

  const allowAndResend = async () => {
    setProblem(null);
    setAllowing(true);
    try {
      const r = await bridge().journal.acknowledgeResend({ id: unknown.journalEntryId });
      if (!r.ok) {
        setProblem(r.error.message);
        return;
      }
      await onResend();
    } finally {
      setAllowing(false);
    }
  };

  return (
    <div className="unknown-outcome" role="alert">
      <h3>Outcome unknown: the {noun} may or may not exist</h3>
      <p>{unknown.message}</p>
      <p>
        Sending it again may create a second {noun}. Check first; the{' '}
        {unknown.blockedByEarlier ? 'earlier request' : 'request'} is in the{' '}
        <a href={`${hrefOf('journal')}?outcome=outcome_unknown`}>Journal</a>.
      </p>
      <label className="inline-check">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I have checked,
        and I accept that sending again may create a second {noun}
      </label>
      <div className="form-actions">
        <button
          type="button"
          className="danger"
          disabled={!understood || busy || allowing}
          onClick={() => void allowAndResend()}
        >
          {allowing || busy ? 'Sending…' : 'Allow resend and send again'}
        </button>
      </div>
      {problem ? <p className="field-error">{problem}</p> : null}
    </div>
  );
}
