import type { Transaction } from '../../../src-shared/api/records';
import { customerDisplayName } from '../../../src-shared/api/customer-name';
import { merchantCategoryWithCode } from '../../../src-shared/api/merchant-categories';
import { IdWithCopy } from '../../components/values/CopyButton';
import { CustomerRef } from '../../components/values/names';
import { DetailSection, Details, Drawer } from '../../components/details/Drawer';
import { MiniTable } from '../../components/details/MiniTable';
import { formatDateTime, formatMoney } from '../../lib/format';
import { refId } from '../../components/cards/cardFields';

export function TransactionDrawer({ tx, onClose }: { tx: Transaction; onClose: () => void }): React.JSX.Element {
  const m = tx.merchant;
  const t = tx.terminal;
  const fees = (tx.feeDetails ?? []).filter((f): f is NonNullable<typeof f> => f !== null);
  return (
    <Drawer title="Transaction" onClose={onClose}>
      <DetailSection title="Amounts">
        <Details
          items={[
            ['Amount', <span className="num">{formatMoney(tx.amount, tx.currency)}</span>],
            ['Fee', <span className="num">{formatMoney(tx.fee, tx.currency)}</span>],
            ['VAT', <span className="num">{formatMoney(tx.vat, tx.currency)}</span>],
            ['Merchant amount', <span className="num">{formatMoney(tx.merchantAmount, tx.merchantCurrency)}</span>],
          ]}
        />
      </DetailSection>
      <DetailSection title="Merchant">
        <Details
          items={[
            ['Name', m?.name],
            ['Category', m?.category ? merchantCategoryWithCode(m.category) : undefined],
            ['Location', [m?.city, m?.state, m?.country].filter(Boolean).join(', ') || undefined],
            ['Merchant id', m?.merchantId],
          ]}
        />
      </DetailSection>
      <DetailSection title="Transaction">
        <Details
          items={[
            ['Date', formatDateTime(tx.createdAt)],
            ['Type', tx.type],
            ['Channel', tx.transactionMetadata?.channel],
            ['Purpose', tx.transactionMetadata?.type],
            ['Reference', tx.transactionMetadata?.reference],
            ['Terminal', t?.terminalId],
            ['RRN', t?.rrn],
            [
              'Customer',
              <CustomerRef
                id={refId(tx.customer)}
                name={customerDisplayName(typeof tx.customer === 'object' ? tx.customer : undefined)}
              />,
            ],
            ['Transaction id', <IdWithCopy id={tx._id} label="transaction id" />],
            ['Authorization id', <IdWithCopy id={refId(tx.authorization)} label="authorization id" />],
          ]}
        />
      </DetailSection>
      {fees.length ? (
        <DetailSection title="Fees">
          <MiniTable
            columns={[
              { header: 'Description', cell: (f) => f.description ?? f.contract ?? '—' },
              { header: 'Amount', cell: (f) => formatMoney(f.amount, f.currency ?? tx.currency), numeric: true },
            ]}
            rows={fees}
          />
        </DetailSection>
      ) : null}
    </Drawer>
  );
}
