import './authorizations.css';
import type { Authorization } from '../../../src-shared/api/records';
import { hrefOf } from '../../lib/routes';
import { StatusBadge, YesNo, humanize } from '../../components/values/Badge';
import { IdWithCopy } from '../../components/values/CopyButton';
import { DetailSection, Details, Drawer } from '../../components/details/Drawer';
import { MiniTable, type MiniColumn } from '../../components/details/MiniTable';
import { OtherFields } from '../../components/details/OtherFields';
import { displayPan, formatDateTime, formatMoney } from '../../lib/format';
import { declineReason } from '../../../src-shared/api/decline-reason';
import { ApprovedBadge, foreignAmount } from './authorizationColumns';
import { accountOf, cardOf, customerName, idOf, recordOf } from './embedded';
import { merchantCategoryWithCode } from '../../../src-shared/api/merchant-categories';

const SHOWN = [
  '_id',
  'business',
  'customer',
  'account',
  'card',
  'amount',
  'fee',
  'vat',
  'approved',
  'currency',
  'status',
  'authorizationMethod',
  'balanceTransactions',
  'merchantAmount',
  'merchantCurrency',
  'merchant',
  'terminal',
  'transactionMetadata',
  'pendingRequest',
  'requestHistory',
  'verification',
  'feeDetails',
  'isDeleted',
  'createdAt',
  'updatedAt',
  '__v',
];

const text = (v: string | undefined) => (v ? humanize(v) : undefined);
const flag = (v: boolean | undefined) => <YesNo value={v} />;

/** The authorization's requests: when, for how much, and whether each was approved and why not. */
const HISTORY_COLUMNS: MiniColumn<NonNullable<Authorization['requestHistory']>[number]>[] = [
  { header: 'Time', cell: (h) => formatDateTime(h.createdAt) },
  { header: 'Amount', cell: (h) => formatMoney(h.amount, h.currency), numeric: true },
  { header: 'Merchant amount', cell: (h) => formatMoney(h.merchantAmount, h.merchantCurrency), numeric: true },
  { header: 'Approved', cell: (h) => <ApprovedBadge approved={h.approved} /> },
  { header: 'Reason', cell: (h) => (h.reason ? humanize(h.reason) : '—') },
];

/** Where the card was used (the terminal) and what was checked (PIN, CVV, 3-D Secure, ...). */
function TerminalAndVerification({ authorization }: { authorization: Authorization }): React.JSX.Element {
  const t = authorization.terminal;
  const v = authorization.verification;
  return (
    <>
      <DetailSection title="Terminal">
        <Details
          items={[
            ['Terminal id', t?.terminalId ? <span className="mono">{t.terminalId}</span> : undefined],
            ['Type', text(t?.terminalType)],
            ['Operating environment', text(t?.terminalOperatingEnvironment)],
            ['Attendance', text(t?.terminalAttendance)],
            ['PAN entry', text(t?.panEntryMode)],
            ['PIN entry', text(t?.pinEntryMode)],
            ['Cardholder present', flag(t?.cardHolderPresence)],
            ['Card present', flag(t?.cardPresence)],
            ['RRN', t?.rrn ? <span className="mono">{t.rrn}</span> : undefined],
            ['STAN', t?.stan ? <span className="mono">{t.stan}</span> : undefined],
          ]}
        />
      </DetailSection>
      <DetailSection title="Verification">
        <Details
          items={[
            ['PIN', text(v?.pin)],
            ['CVV', text(v?.cvv)],
            ['Expiry', text(v?.expiry)],
            ['3-D Secure', text(v?.threeDSecure)],
            ['Authentication', text(v?.authentication)],
            ['Billing address line 1', text(v?.billingAddressLine1)],
            ['Billing postal code', text(v?.billingAddressPostalCode)],
            ['Safe token', text(v?.safeToken)],
          ]}
        />
      </DetailSection>
    </>
  );
}

export function AuthorizationDetail({
  authorization,
  onClose,
}: {
  authorization: Authorization;
  onClose: () => void;
}): React.JSX.Element {
  const a = authorization;
  const card = cardOf(a.card);
  const cardId = idOf(a.card);
  const account = accountOf(a.account);
  const customer = recordOf(a.customer);
  const m = a.merchant;
  const history = a.requestHistory ?? [];
  const fees = (a.feeDetails ?? []).filter((f) => f !== null);
  return (
    <Drawer title={`Authorization at ${m?.name ?? 'unknown merchant'}`} onClose={onClose}>
      {declineReason(a) ? (
        <p className="decline-reason" role="note" data-testid="decline-reason">
          <strong>Declined:</strong> {declineReason(a)}
        </p>
      ) : null}
      <DetailSection title="Summary">
        <Details
          items={[
            ['Approved', <ApprovedBadge approved={a.approved} />],
            ...(declineReason(a) ? ([['Decline reason', declineReason(a)]] as [string, string][]) : []),
            ['Status', <StatusBadge status={a.status} />],
            ['Amount', <strong className="num">{formatMoney(a.amount, a.currency)}</strong>],
            ['Fee', <span className="num">{formatMoney(a.fee, a.currency)}</span>],
            ['VAT', <span className="num">{formatMoney(a.vat, a.currency)}</span>],
            [
              'Merchant amount',
              <span className="num">
                {foreignAmount(a) ?? formatMoney(a.merchantAmount, a.merchantCurrency ?? a.currency)}
              </span>,
            ],
            ['Method', text(a.authorizationMethod)],
            ['Channel', text(a.transactionMetadata?.channel)],
            ['Transaction type', text(a.transactionMetadata?.type)],
            [
              'Reference',
              a.transactionMetadata?.reference ? (
                <IdWithCopy id={a.transactionMetadata.reference} label="reference" />
              ) : undefined,
            ],
            [
              'Pending request',
              a.pendingRequest ? <pre className="json-block">{JSON.stringify(a.pendingRequest, null, 2)}</pre> : 'None',
            ],
            ['Created', formatDateTime(a.createdAt)],
            ['Updated', formatDateTime(a.updatedAt)],
            ['Authorization id', <IdWithCopy id={a._id} label="authorization id" />],
          ]}
        />
      </DetailSection>
      <DetailSection title="Merchant">
        <Details
          items={[
            ['Name', m?.name],
            ['Category', m?.category ? merchantCategoryWithCode(m.category) : undefined],
            ['Merchant id', m?.merchantId ? <span className="mono">{m.merchantId}</span> : undefined],
            ['City', m?.city],
            ['State', m?.state],
            ['Country', m?.country],
            ['Postal code', m?.postalCode],
          ]}
        />
      </DetailSection>
      <DetailSection title="Card and customer">
        <Details
          items={[
            ['Card', <span className="mono">{displayPan(card?.maskedPan)}</span>],
            ['Brand and type', [card?.brand, card?.type].filter(Boolean).join(' · ') || undefined],
            ['Card status', card?.status ? <StatusBadge status={card.status} /> : undefined],
            [
              'Card id',
              cardId ? (
                <span className="id-with-copy">
                  <IdWithCopy id={cardId} label="card id" /> <a href={hrefOf('cards', cardId)}>Open card</a>
                </span>
              ) : undefined,
            ],
            ['Customer', customerName(a.customer)],
            ['Customer email', customer?.emailAddress],
            ['Customer id', <IdWithCopy id={idOf(a.customer)} label="customer id" />],
            ['Account', account ? [account.accountName, account.accountNumber].filter(Boolean).join(' · ') : undefined],
            ['Account id', <IdWithCopy id={idOf(a.account)} label="account id" />],
          ]}
        />
      </DetailSection>
      <TerminalAndVerification authorization={a} />
      <DetailSection title="Request history">
        {history.length === 0 ? (
          <p className="muted">No requests recorded.</p>
        ) : (
          <MiniTable columns={HISTORY_COLUMNS} rows={history} />
        )}
      </DetailSection>
      <DetailSection title="Fee details">
        {fees.length === 0 ? (
          <p className="muted">No fees.</p>
        ) : (
          <MiniTable
            columns={[
              { header: 'Fee', cell: (f) => f.description ?? '—' },
              { header: 'Contract', cell: (f) => f.contract ?? '—', mono: true },
              { header: 'Amount', cell: (f) => formatMoney(f.amount, f.currency ?? a.currency), numeric: true },
            ]}
            rows={fees}
          />
        )}
      </DetailSection>
      {a.balanceTransactions && a.balanceTransactions.length > 0 ? (
        <DetailSection title="Balance transactions">
          <pre className="json-block">{JSON.stringify(a.balanceTransactions, null, 2)}</pre>
        </DetailSection>
      ) : null}
      <OtherFields record={a} known={SHOWN} />
    </Drawer>
  );
}
