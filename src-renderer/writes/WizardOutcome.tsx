// The issuing wizard's last view: the card created, or what became of the send, and "Issue another card".
import type { Ref } from 'react';
import type { Card } from '../../src-shared/api/records';
import { BridgeErrorBanner, CardIssued } from './CardIssued';
import { UnknownOutcome } from './UnknownOutcome';
import type { SendOnce } from './useSendOnce';

type SendState = Pick<SendOnce<unknown, Card>, 'unknown' | 'notice' | 'failure' | 'sending' | 'resend'>;

export function WizardOutcome({
  doneRef,
  issued,
  replaced,
  send,
  onStartOver,
}: {
  doneRef: Ref<HTMLDivElement>;
  issued: Card | null;
  /** The card replaced, as the operator knows it; null when a new card was issued. */
  replaced: string | null;
  send: SendState;
  /** Null when opened to replace one card, which is now cancelled: there is no other card to start over on. */
  onStartOver: (() => void) | null;
}): React.JSX.Element {
  const { unknown, notice, failure, sending, resend } = send;
  return (
    <div className="wizard" ref={doneRef} tabIndex={-1} role="group" aria-label="Outcome">
      {issued ? <CardIssued card={issued} replaced={replaced} /> : null}
      {notice ? (
        <p className="review-warning" role="note">
          {notice}
        </p>
      ) : null}
      {unknown ? <UnknownOutcome noun="card" unknown={unknown} busy={sending} onResend={resend} /> : null}
      {failure ? <BridgeErrorBanner message={failure} /> : null}
      {onStartOver ? (
        <div className="form-actions">
          <button type="button" onClick={onStartOver} disabled={sending}>
            Issue another card
          </button>
        </div>
      ) : null}
    </div>
  );
}
