// Asked when the same write succeeded minutes ago: "You issued this card to Ada Obi 2 minutes ago: issue
// another?". Nothing is sent until the operator presses the button that says so.
import { useEffect, useRef } from 'react';
import type { RepeatOf } from './useSendOnce';

export function RepeatConfirm({
  repeat,
  busy,
  onConfirm,
  onCancel,
}: {
  repeat: RepeatOf;
  busy: boolean;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}): React.JSX.Element {
  // Where the eye is: scrolled into view and focused, so Enter or Tab answers it.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus();
  }, [repeat.message]);
  const again = repeat.noun === 'card' ? `Issue another ${repeat.noun}` : `Open another ${repeat.noun}`;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="unknown-outcome repeat-confirm"
      role="alertdialog"
      aria-label={`Repeat ${repeat.noun}`}
    >
      <p>{repeat.message}</p>
      {repeat.resultId ? (
        <p className="muted">
          The earlier {repeat.noun} is <span className="mono">{repeat.resultId}</span>; it is in the Journal.
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" onClick={onCancel} disabled={busy}>
          Don't send
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => void onConfirm()}>
          {busy ? 'Sending…' : again}
        </button>
      </div>
    </div>
  );
}
