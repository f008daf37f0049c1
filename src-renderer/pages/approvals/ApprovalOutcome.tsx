// What an approval request produced, as both its maker and its approver read it: the card issued (brand,
// masked number when this desk knows it, limits, the balance the service gives, a link to its page), the
// account opened, or an approved batch's figures ("5 issued, 0 failed, 0 unknown of 5") with its rows one
// click away (this desk's journal where the batch ran here, else the team journal's cards of the request).
import type { Approval, ApprovalState } from '../../../src-shared/ipc/channels/approvals';
import { WRITE_KINDS } from '../../../src-shared/ipc/write-kinds';
import { INTERVAL_LABEL } from '../../components/cards/spendingLabels';
import { bridge } from '../../lib/bridge';
import { displayPan, formatMoney } from '../../lib/format';
import { hrefOf } from '../../lib/routes';
import { useBridgeQuery } from '../../lib/useBridgeQuery';

/** A waiting request past its time reads as expired here as in its detail, before any desk marks it. */
export function shownState(a: Pick<Approval, 'state' | 'expiresAt'>, now = Date.now()): ApprovalState {
  return a.state === 'waiting' && Date.parse(a.expiresAt) <= now ? 'expired' : a.state;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** "Verve virtual NGN card, limit ₦750,000.00 monthly". */
export function cardRequestText(request: Record<string, unknown>): string {
  const currency = text(request.currency);
  const limits = ((request.spendingControls as { spendingLimits?: { amount: number; interval: string }[] } | undefined)
    ?.spendingLimits ?? []) as { amount: number; interval: string }[];
  const what = [text(request.brand), text(request.type), currency].filter(Boolean).join(' ');
  const limitText = limits
    .map(
      (l) =>
        `${formatMoney(l.amount, currency)} ${(INTERVAL_LABEL[l.interval as keyof typeof INTERVAL_LABEL] ?? l.interval).toLowerCase()}`,
    )
    .join(', ');
  return `${what} card${limitText ? `, limit ${limitText}` : ''}`;
}

function IssuedCard({
  id,
  request,
  outcome,
}: {
  id: string;
  request: Record<string, unknown>;
  outcome: string | null;
}): React.JSX.Element {
  const known = useBridgeQuery(['cards', 'get', id], (o) => bridge().cards.get({ id }, o));
  const balance = useBridgeQuery(['cards', 'balance', id], (o) => bridge().cards.balance({ cardId: id }, o));
  const card = known.data?.data ?? null;
  // The approver's desk says the masked number in the outcome ("Card 506099******1006 issued").
  const maskedPan = card?.maskedPan ?? /^Card (\S+) issued$/.exec(outcome ?? '')?.[1] ?? null;
  const currency = card?.currency ?? text(request.currency);
  const b = balance.data?.data ?? null;
  return (
    <span data-testid="approval-card">
      {maskedPan ? <span className="mono">{displayPan(maskedPan)}</span> : null}
      {maskedPan ? ' · ' : ''}
      {cardRequestText(request)}
      {b ? ` · balance ${formatMoney(b.availableBalance, currency)}` : ''} ·{' '}
      <a href={hrefOf('cards', id)}>Open the card</a>
    </span>
  );
}

function BatchRows({ a }: { a: Approval }): React.JSX.Element | null {
  if (!a.resultId) return null;
  const href = a.batchOnThisDesk
    ? `${hrefOf('journal')}?batch=${encodeURIComponent(a.resultId)}`
    : `${hrefOf('journal')}?view=team&approval=${a.id}`;
  return (
    <a href={href} data-testid="approval-batch-rows">
      {a.batchOnThisDesk ? 'The rows in this desk’s journal' : 'The rows in the team journal'}
    </a>
  );
}

/** The Result line of a request's detail. */
export function ApprovalOutcome({ a }: { a: Approval }): React.JSX.Element {
  const makes = a.operation === 'bulkIssue' ? null : WRITE_KINDS[a.operation].result;
  if (makes === 'card' && a.resultId && (a.state === 'sent' || a.state === 'outcome_unknown'))
    return <IssuedCard id={a.resultId} request={a.request} outcome={a.outcomeMessage} />;
  if (makes === 'account' && a.resultId)
    return (
      <span>
        {a.outcomeMessage ?? 'Opened'} · <a href={hrefOf('accounts', a.resultId)}>Open the account</a>
      </span>
    );
  if (a.operation === 'bulkIssue')
    return (
      <span data-testid="approval-batch-outcome">
        {a.outcomeMessage ?? (a.state === 'sending' ? 'Being sent' : '—')} <BatchRows a={a} />
      </span>
    );
  return <span>{a.outcomeMessage ?? '—'}</span>;
}
