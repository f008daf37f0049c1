// The account holder's name against the customer's, before a card is mapped to a bank account: a match is
// shown as a match; a different name is a warning that takes focus and asks for an explicit "Map anyway"
// with a reason, which travels with the card's metadata into the journal and is repeated in the review.
import { useEffect, useId, useRef, useState } from 'react';
import { compareHolderName, type HolderNameVerdict } from '../../src-shared/api/holder-name';
import type { Customer } from '../../src-shared/api/records';
import { bankByCode } from '../../src-shared/api/banks';
import { compactNumber } from '../../src-shared/api/input-rules';
import { customerName } from '../components/customers/customerFields';

export interface FoundHolder {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

export interface HolderConfirmation extends FoundHolder {
  /** The customer the holder was compared with: a change of customer undoes the confirmation. */
  customerId: string;
  /** How the holder's name compared with the customer's when the operator confirmed. */
  verdict: HolderNameVerdict;
  /** The customer's name as compared (null when the customer was not known). */
  customerName: string | null;
  /** Why the operator mapped the card although the names differ. */
  reason?: string;
}

/** Shortest reason accepted for mapping a card to someone else's account. */
export const MIN_REASON_LENGTH = 5;

const bankText = (h: FoundHolder) => `${bankByCode(h.bankCode)?.name ?? h.bankCode} ${h.bankCode} / ${h.accountNumber}`;

/** What the card's metadata records about the holder check (and so the journal, which keeps the request). */
export function holderMetadata(holder: HolderConfirmation | null): Record<string, string> {
  if (!holder) return {};
  return {
    accountHolderName: holder.accountName,
    holderNameCheck: holder.verdict === 'match' ? 'matches the customer' : 'does not match the customer',
    ...(holder.reason ? { mappedAnywayBecause: holder.reason } : {}),
  };
}

/** The request with the holder check added to its metadata (nothing else changes). */
export function withHolderMetadata<R extends object>(request: R, holder: HolderConfirmation | null): R {
  const extra = holderMetadata(holder);
  if (Object.keys(extra).length === 0) return request;
  const metadata = (request as { metadata?: Record<string, string> }).metadata ?? {};
  return { ...request, metadata: { ...metadata, ...extra } };
}

/** Whether the holder confirmed is the one of the bank account and customer now in the form. */
export function holderConfirms(
  holder: HolderConfirmation | null,
  values: { bankCode: string; accountNumber: string; customerId: string },
): boolean {
  return (
    holder !== null &&
    holder.bankCode === values.bankCode.trim() &&
    holder.accountNumber === compactNumber(values.accountNumber.trim()) &&
    holder.customerId === values.customerId.trim().toLowerCase()
  );
}

export function verdictFor(holder: string, customer: Customer | null | undefined): HolderNameVerdict {
  return compareHolderName(holder, customer);
}

export function HolderNameCheck({
  found,
  customerId,
  customer,
  onConfirm,
}: {
  found: FoundHolder;
  customerId: string;
  /** The customer the card is for; null when not known. */
  customer: Customer | null;
  onConfirm: (c: HolderConfirmation) => void;
}): React.JSX.Element {
  const verdict = verdictFor(found.accountName, customer);
  const name = customer ? customerName(customer) : null;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const warning = useRef<HTMLDivElement>(null);
  const reasonId = useId();
  // A warning is where the eye is: it is scrolled into view and takes focus.
  useEffect(() => {
    if (verdict !== 'match') warning.current?.focus();
  }, [verdict, found.accountName]);

  if (verdict === 'match') {
    return (
      <div className="holder-check holder-match" role="group" aria-label="Confirm account holder">
        <p role="status">
          <span className="match-mark" aria-hidden="true">
            ✓
          </span>{' '}
          <strong>Names match.</strong> The account holder is <strong>{found.accountName}</strong>, the customer is{' '}
          <strong>{name}</strong>. Is this the right account?
        </p>
        <button
          type="button"
          className="primary"
          onClick={() => onConfirm({ ...found, customerId, verdict, customerName: name })}
        >
          Yes, map the card to this account
        </button>
      </div>
    );
  }
  const short = reason.trim().length < MIN_REASON_LENGTH;
  return (
    <div
      className="holder-mismatch"
      role="alert"
      aria-labelledby={`${reasonId}-title`}
      tabIndex={-1}
      ref={warning}
      data-testid="holder-mismatch"
    >
      <p id={`${reasonId}-title`} className="holder-mismatch-title">
        <strong>
          {verdict === 'unknown'
            ? 'The customer’s name is not known, so the account holder cannot be checked.'
            : 'The account holder is not this customer.'}
        </strong>
      </p>
      <p>
        Account holder: <strong>{found.accountName}</strong> ({bankText(found)})
        <br />
        Customer: <strong>{name ?? 'unknown'}</strong>
      </p>
      <p>Check the bank and account number with the caller. To map the card all the same, say why.</p>
      <label htmlFor={reasonId}>Reason for mapping anyway (kept in the journal)</label>
      <textarea
        id={reasonId}
        value={reason}
        rows={2}
        maxLength={300}
        aria-invalid={tried && short}
        aria-describedby={tried && short ? `${reasonId}-error` : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {tried && short ? (
        <p id={`${reasonId}-error`} className="field-error">
          Write a reason of at least {MIN_REASON_LENGTH} characters.
        </p>
      ) : null}
      <button
        type="button"
        className="danger"
        onClick={() => {
          setTried(true);
          if (!short) onConfirm({ ...found, customerId, verdict, customerName: name, reason: reason.trim() });
        }}
      >
        Map anyway
      </button>
    </div>
  );
}

/** The confirmed holder, as the details step and the review state it. */
export function ConfirmedHolderText({ holder }: { holder: HolderConfirmation }): React.JSX.Element {
  if (holder.verdict === 'match')
    return (
      <p className="confirmed-holder" role="status">
        Confirmed holder: <strong>{holder.accountName}</strong> ({bankText(holder)}) · name matches the customer
      </p>
    );
  return (
    <p className="holder-mismatch" role="status" data-testid="holder-mapped-anyway">
      Confirmed holder: <strong>{holder.accountName}</strong> ({bankText(holder)}) ·{' '}
      <strong>not the customer{holder.customerName ? ` (${holder.customerName})` : ''}</strong>; mapped anyway because:{' '}
      {holder.reason}
    </p>
  );
}
