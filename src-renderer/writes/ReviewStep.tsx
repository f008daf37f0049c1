// The last wizard step in words: who gets the card (name, email, phone, KYC), what it draws on (account
// or funding source by name and number), the card itself, the money formatted and the spending controls
// as sentences. A customer whose KYC is not approved is flagged, not blocked. The exact request is kept
// behind a disclosure for those who want to see it.
import type { Account, Customer, SpendingControls } from '../../src-shared/api/records';
import { MAX_PAGE_SIZE } from '../../src-shared/api/requests';
import { Details } from '../components/details/Drawer';
import { useEnvironmentKey } from '../components/environment/useEnvironmentKey';
import { bridge } from '../lib/bridge';
import { displayPan, formatMoney, formatPhone, shortId } from '../lib/format';
import { useBridgeQuery } from '../lib/useBridgeQuery';
import { useTeamStore } from '../stores/teamStore';
import { expiryText } from '../components/cards/cardFields';
import { SpendingControlsView } from '../components/cards/SpendingControlsView';
import { customerName, kycText } from '../components/customers/customerFields';
import type { HolderConfirmation } from './HolderNameCheck';
import { WriteTarget } from './WriteTarget';
import { DEFAULT_CONTROLS_TEXT, PATHS, displayedRequest, type CardFormChoices } from './cardForm';

const yesNo = (b: unknown) => (b ? 'Yes' : 'No');
const cap = (s: unknown) => (typeof s === 'string' && s ? s[0]!.toUpperCase() + s.slice(1) : '—');

function useCustomer(id: string) {
  const env = useEnvironmentKey();
  return useBridgeQuery(['customers', 'get', env, id], (opts) => bridge().customers.get({ id }, opts), {
    enabled: env !== null && Boolean(id),
  });
}

/** The debit account, found in the same lists the account picker offered. */
function useDebitAccount(id: string, currency: string): Account | undefined {
  const env = useEnvironmentKey();
  const ccy: 'NGN' | 'USD' = currency === 'USD' ? 'USD' : 'NGN';
  const business = { type: 'account' as const, currency: ccy, page: 0, limit: MAX_PAGE_SIZE };
  const wallets = { type: 'wallet' as const, currency: ccy, page: 0, limit: MAX_PAGE_SIZE };
  const on = env !== null && Boolean(id);
  const a = useBridgeQuery(['accounts', env, business], (o) => bridge().accounts.list(business, o), { enabled: on });
  const w = useBridgeQuery(['accounts', env, wallets], (o) => bridge().accounts.list(wallets, o), { enabled: on });
  return [...(a.data?.data ?? []), ...(w.data?.data ?? [])].find((x) => x._id === id);
}

function CustomerFacts({ id }: { id: string }): React.JSX.Element {
  const q = useCustomer(id);
  const c: Customer | undefined = q.data?.data;
  return (
    <section className="review-part" aria-labelledby="review-customer">
      <h3 id="review-customer">Customer</h3>
      {c && c.isApproved === false ? (
        <p className="review-warning" role="note" data-testid="kyc-warning">
          <strong>KYC not approved.</strong> {customerName(c)}&rsquo;s identity checks are not approved yet. You can
          still send; the service may refuse the card or limit it.
        </p>
      ) : null}
      <Details
        items={[
          ['Name', c ? customerName(c) : q.isPending ? 'Loading…' : 'Not in the customer cache'],
          ['Email', c?.emailAddress ?? '—'],
          ['Phone', formatPhone(c?.phoneNumber)],
          ['KYC', c ? kycText(c) : '—'],
          ['Customer id', <span className="mono">{id}</span>],
        ]}
      />
    </section>
  );
}

function AccountText({ id, currency }: { id: string; currency: string }): React.JSX.Element {
  const a = useDebitAccount(id, currency);
  if (!a) return <span className="mono">…{shortId(id)}</span>;
  const kind = a.type === 'wallet' ? 'Wallet' : 'Business account';
  return (
    <span>
      {kind}: {a.accountName ?? 'no name'} · {a.accountNumber ?? `…${shortId(a._id)}`} · available{' '}
      {formatMoney(a.availableBalance, a.currency)}
    </span>
  );
}

function FundingSourceText({ id }: { id: string }): React.JSX.Element {
  const env = useEnvironmentKey();
  const q = useBridgeQuery(['fundingSource', env, id], (o) => bridge().fundingSources.get({ id }, o), {
    enabled: env !== null && Boolean(id),
  });
  const s = q.data?.data;
  if (!s) return <span className="mono">…{shortId(id)}</span>;
  const name = [s.name, s.accountName, s.type].find((v) => typeof v === 'string' && v) as string | undefined;
  const number = [s.accountNumber, s.number].find((v) => typeof v === 'string' && v) as string | undefined;
  return (
    <span>
      {cap(name ?? 'Funding source')}
      {number ? ` · ${number}` : ''} · {cap(s.status)} · <span className="mono">…{shortId(s._id)}</span>
    </span>
  );
}

function ReplacedCardText({ id }: { id: string }): React.JSX.Element {
  const env = useEnvironmentKey();
  const q = useBridgeQuery(['cards', 'get', env, id], (o) => bridge().cards.get({ id }, o), {
    enabled: env !== null && Boolean(id),
  });
  const c = q.data?.data;
  if (!c) return <span className="mono">…{shortId(id)}</span>;
  return (
    <span>
      {displayPan(c.maskedPan)} · {c.brand} {c.type} · expires {expiryText(c)}
    </span>
  );
}

/** The policy's refusal while the team database cannot be asked, said before Send rather than after. */
function TeamWritesRefused(): React.JSX.Element | null {
  const why = useTeamStore((s) => s.team?.writesRefused ?? null);
  if (!why) return null;
  return (
    <p className="review-warning" role="note" data-testid="team-writes-refused">
      <strong>This cannot be sent now.</strong> {why}
    </p>
  );
}

export function ReviewStep({
  request,
  choices,
  holder,
}: {
  /** The request the form makes (toCardRequest). */
  request: Record<string, unknown>;
  choices: CardFormChoices;
  holder: HolderConfirmation | null;
}): React.JSX.Element {
  const r = request as Record<string, string | number | boolean | undefined> & { spendingControls?: SpendingControls };
  const currency = String(r.currency ?? '');
  const what = PATHS.find((p) => p.path === choices.path)?.title ?? '';
  const drawsOn: [string, React.ReactNode][] = [];
  if (r.debitAccountId)
    drawsOn.push(['Debit account', <AccountText id={String(r.debitAccountId)} currency={currency} />]);
  if (r.fundingSourceId) drawsOn.push(['Funding source', <FundingSourceText id={String(r.fundingSourceId)} />]);
  if (choices.path === 'bankAccount')
    drawsOn.push(
      [
        'Bank account',
        `${holder?.accountName ?? 'Holder not confirmed'} · ${String(r.accountNumber ?? '')} · bank code ${String(r.bankCode ?? '')}`,
      ],
      [
        'Holder’s name',
        holder?.verdict === 'match'
          ? 'Matches the customer'
          : `Does not match the customer — mapped anyway because: ${holder?.reason ?? '—'}`,
      ],
    );
  if (r.replacementFor)
    drawsOn.push(
      ['Replaces', <ReplacedCardText id={String(r.replacementFor)} />],
      ['Reason', cap(r.reason)],
      ['Account', 'The account of the card it replaces'],
    );

  const shown = displayedRequest(request);
  return (
    <section className="review" aria-label="Review before sending" tabIndex={-1}>
      <WriteTarget />
      <TeamWritesRefused />
      <p>
        <strong>{what}.</strong> Check these details with the customer, then send. Card Desk sends the request once.
      </p>
      {choices.path === 'bankAccount' && holder && holder.verdict !== 'match' ? (
        <p className="review-warning holder-warning" role="note" data-testid="holder-warning">
          <strong>The account holder is not this customer.</strong> {holder.accountName} holds the account; the card is
          for {holder.customerName ?? 'a customer whose name is not known'}. You chose to map it anyway because:{' '}
          {holder.reason}
        </p>
      ) : null}
      <CustomerFacts id={String(r.customerId ?? '')} />
      <section className="review-part" aria-labelledby="review-card">
        <h3 id="review-card">Card</h3>
        <Details
          items={[
            ['Brand', String(r.brand ?? '—')],
            ['Type', cap(r.type)],
            ['Currency', currency || '—'],
            ['Initial status', cap(r.status)],
            ['Issuer country', r.issuerCountry === 'USA' ? 'United States' : 'Nigeria'],
            ...(r.number ? ([['Card number', String(shown.number)]] as [string, string][]) : []),
            ...drawsOn,
            ['Funding amount', r.amount === undefined ? 'None' : formatMoney(Number(r.amount), currency)],
            ...(r.expirationDate ? ([['Expires', String(r.expirationDate)]] as [string, string][]) : []),
            ['One-time passwords (2FA)', yesNo(r.enable2FA)],
            ['PIN by SMS', yesNo(r.sendPINSMS)],
          ]}
        />
      </section>
      <section className="review-part" aria-labelledby="review-controls">
        <h3 id="review-controls">Spending controls</h3>
        {r.spendingControls ? (
          <SpendingControlsView controls={r.spendingControls} currency={currency} />
        ) : (
          <p>The service&rsquo;s defaults: {DEFAULT_CONTROLS_TEXT[currency === 'USD' ? 'USD' : 'NGN']}</p>
        )}
      </section>
      <details className="raw-request">
        <summary>Show the request as it will be sent</summary>
        <p className="muted">Card Desk adds a client reference to the metadata so the card can be recognised later.</p>
        <pre className="json-block" aria-label="Request to send" tabIndex={0}>
          {JSON.stringify(shown, null, 2)}
        </pre>
      </details>
    </section>
  );
}
