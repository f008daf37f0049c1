// A journal entry's request as the review step showed it before sending: the customer by name, the card, what
// it draws on (the bank account with its holder and why it was mapped anyway, the card it replaced), the money
// with its currency, the spending controls in sentences. The request as sent is one click away.
import { bankByCode } from '../../../src-shared/api/banks';
import type { SpendingControls } from '../../../src-shared/api/records';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { SpendingControlsView } from '../../components/cards/SpendingControlsView';
import { DetailSection, Details } from '../../components/details/Drawer';
import { IdWithCopy } from '../../components/values/CopyButton';
import { CardRef, CustomerRef, NamesProvider, useResolvedNames } from '../../components/values/names';
import { formatMoney } from '../../lib/format';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const cap = (v: unknown): string => (text(v) ? text(v)![0]!.toUpperCase() + text(v)!.slice(1) : '—');
const yesNo = (v: unknown) => (v === true ? 'Yes' : 'No');

/** The bank account a card was mapped to, its holder, and the check of the holder's name. */
function bankAccountItems(r: Record<string, unknown>): [string, React.ReactNode][] {
  const code = text(r.bankCode);
  const metadata = (r.metadata && typeof r.metadata === 'object' ? r.metadata : {}) as Record<string, unknown>;
  const bank = code ? (bankByCode(code)?.name ?? `Bank ${code}`) : 'Bank not given';
  const items: [string, React.ReactNode][] = [
    ['Bank account', `${bank} · ${text(r.accountNumber) ?? '—'}${code ? ` · bank code ${code}` : ''}`],
    ['Account holder', text(metadata.accountHolderName) ?? 'Not recorded'],
  ];
  const check = text(metadata.holderNameCheck);
  if (check) items.push(['Holder’s name', cap(check)]);
  const because = text(metadata.mappedAnywayBecause);
  if (because) items.push(['Mapped anyway because', <span data-testid="mapped-anyway">{because}</span>]);
  return items;
}

function CardRequest({ r }: { r: Record<string, unknown> }): React.JSX.Element {
  const currency = text(r.currency);
  const replaced = text(r.replacementFor);
  const names = useResolvedNames({ cardIds: [replaced] });
  const drawsOn: [string, React.ReactNode][] = [];
  if (text(r.debitAccountId))
    drawsOn.push(['Debit account', <IdWithCopy id={text(r.debitAccountId)} label="debit account id" />]);
  if (text(r.fundingSourceId))
    drawsOn.push(['Funding source', <IdWithCopy id={text(r.fundingSourceId)} label="funding source id" />]);
  if (text(r.bankCode) || text(r.accountNumber)) drawsOn.push(...bankAccountItems(r));
  if (replaced)
    drawsOn.push(
      [
        'Replaces',
        <NamesProvider names={names}>
          <CardRef id={replaced} />
        </NamesProvider>,
      ],
      ['Reason', cap(r.reason)],
      ['Account', 'The account of the card it replaces'],
    );
  const controls = r.spendingControls as SpendingControls | undefined;
  return (
    <>
      <Details
        items={[
          ['Customer', <CustomerRef id={text(r.customerId)} />],
          ['Card', [text(r.brand), text(r.type)].filter(Boolean).join(' ') || '—'],
          ['Currency', currency ?? '—'],
          ['Initial status', cap(r.status)],
          ...(text(r.number) ? ([['Card number', text(r.number)]] as [string, string][]) : []),
          ...drawsOn,
          ['Funding amount', typeof r.amount === 'number' ? formatMoney(r.amount, currency) : 'None'],
          ...(text(r.expirationDate) ? ([['Expires', text(r.expirationDate)]] as [string, string][]) : []),
          ['One-time passwords (2FA)', yesNo(r.enable2FA)],
          ['PIN by SMS', yesNo(r.sendPINSMS)],
        ]}
      />
      <h4>Spending controls</h4>
      {controls ? (
        <SpendingControlsView controls={controls} currency={currency} />
      ) : (
        <p>The service&rsquo;s defaults.</p>
      )}
    </>
  );
}

function AccountRequest({ r }: { r: Record<string, unknown> }): React.JSX.Element {
  return (
    <Details
      items={[
        ['What', r.type === 'wallet' ? 'A wallet' : 'A settlement account'],
        ['Currency', text(r.currency) ?? '—'],
        ['Account type', cap(r.accountType)],
        ['Customer', text(r.customerId) ? <CustomerRef id={text(r.customerId)} /> : '—'],
      ]}
    />
  );
}

export function JournalRequest({
  entry,
  environmentName,
}: {
  entry: JournalEntry;
  environmentName: string;
}): React.JSX.Element {
  return (
    <DetailSection title="What was sent">
      <p className="muted">To {environmentName}, as the review showed it before sending.</p>
      {entry.operation === 'cards.create' ? <CardRequest r={entry.request} /> : <AccountRequest r={entry.request} />}
      <details className="raw-request">
        <summary>Show the request as sent</summary>
        <pre className="json-block" aria-label="Request as sent" tabIndex={0}>
          {JSON.stringify(entry.request, null, 2)}
        </pre>
      </details>
    </DetailSection>
  );
}
