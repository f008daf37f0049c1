import type { Account } from '../../../src-shared/api/records';
import { StatusBadge, YesNo } from '../../components/values/Badge';
import { IdWithCopy, CopyButton } from '../../components/values/CopyButton';
import { DetailSection, Details, Drawer } from '../../components/details/Drawer';
import { OtherFields } from '../../components/details/OtherFields';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ACCOUNT_TYPE_LABELS } from './accountColumns';

const SHOWN = [
  '_id',
  'business',
  'customer',
  'type',
  'currency',
  'accountName',
  'bankCode',
  'accountType',
  'accountNumber',
  'currentBalance',
  'availableBalance',
  'provider',
  'providerReference',
  'referenceCode',
  'reloadable',
  'isDefault',
  'isDeleted',
  'charges',
  'createdAt',
  'updatedAt',
  '__v',
];

export function AccountDetail({ account, onClose }: { account: Account; onClose: () => void }): React.JSX.Element {
  const a = account;
  const held =
    a.currentBalance !== undefined && a.availableBalance !== undefined
      ? a.currentBalance - a.availableBalance
      : undefined;
  return (
    <Drawer title={`${a.type === 'wallet' ? 'Wallet' : 'Account'} ${a.accountNumber ?? a._id}`} onClose={onClose}>
      <DetailSection title="Balances">
        <Details
          items={[
            ['Current balance', <span className="num">{formatMoney(a.currentBalance, a.currency)}</span>],
            ['Available balance', <span className="num">{formatMoney(a.availableBalance, a.currency)}</span>],
            ['On hold', held === undefined ? undefined : <span className="num">{formatMoney(held, a.currency)}</span>],
          ]}
        />
      </DetailSection>
      <DetailSection title="Account">
        <Details
          items={[
            ['Account name', a.accountName],
            [
              'Account number',
              a.accountNumber ? (
                <span className="id-with-copy">
                  <span className="mono">{a.accountNumber}</span>
                  <CopyButton value={a.accountNumber} label="account number" />
                </span>
              ) : undefined,
            ],
            ['Bank code', a.bankCode ? <span className="mono">{a.bankCode}</span> : undefined],
            ['Type', a.type ? (ACCOUNT_TYPE_LABELS[a.type] ?? a.type) : undefined],
            ['Account type', a.accountType],
            ['Currency', a.currency],
            ['Default', a.isDefault ? <StatusBadge status="active" label="Default" /> : <YesNo value={a.isDefault} />],
            ['Reloadable', <YesNo value={a.reloadable} />],
            ['Deleted', <YesNo value={a.isDeleted} />],
            [
              'Charges',
              a.charges === undefined ? undefined : a.charges.length === 0 ? (
                'None'
              ) : (
                <pre className="json-block">{JSON.stringify(a.charges, null, 2)}</pre>
              ),
            ],
          ]}
        />
      </DetailSection>
      <DetailSection title="Identifiers">
        <Details
          items={[
            ['Account id', <IdWithCopy id={a._id} label="account id" />],
            ['Customer', a.customer ? <IdWithCopy id={a.customer} label="customer id" /> : 'Business account'],
            ['Business', <IdWithCopy id={a.business} label="business id" />],
            ['Provider', a.provider],
            [
              'Provider reference',
              a.providerReference ? <span className="mono">{a.providerReference}</span> : undefined,
            ],
            ['Reference code', a.referenceCode ? <span className="mono">{a.referenceCode}</span> : undefined],
            ['Created', formatDateTime(a.createdAt)],
            ['Updated', formatDateTime(a.updatedAt)],
            ['Version', a.__v],
          ]}
        />
      </DetailSection>
      <OtherFields record={a} known={SHOWN} />
    </Drawer>
  );
}
