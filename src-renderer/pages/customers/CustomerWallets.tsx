// The service cannot list one customer's wallets, and walking every page of wallets for one customer
// would cost a request per page; so this shows the customer's wallets among the first page of wallets.
import type { Account } from '../../../src-shared/api/records';
import { MAX_PAGE_SIZE } from '../../../src-shared/api/requests';
import { IdWithCopy } from '../../components/values/CopyButton';
import { ErrorState, LoadingRows } from '../../components/states/States';
import { bridge } from '../../lib/bridge';
import { formatMoney } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';

export function CustomerWallets({ customerId }: { customerId: string }): React.JSX.Element {
  const env = useEnvironmentKey();
  const input = { type: 'wallet' as const, page: 0, limit: MAX_PAGE_SIZE };
  const wallets = useBridgeQuery(['customers', 'wallets', env, input], (opts) => bridge().accounts.list(input, opts), {
    enabled: env !== null,
  });
  if (wallets.error) return <ErrorState error={wallets.error.appError} onRetry={() => void wallets.refetch()} />;
  if (!wallets.data) return <LoadingRows rows={2} label="Loading wallets" />;
  const mine = wallets.data.data.filter((a: Account) => a.customer === customerId);
  const total = wallets.data.pagination?.total;
  const scanned = wallets.data.data.length;
  const note =
    total !== undefined && total > scanned
      ? `Found among the first ${scanned.toLocaleString('en')} of ${total.toLocaleString('en')} wallets: the service cannot list one customer's wallets, so see Accounts for the rest.`
      : `Searched all ${scanned.toLocaleString('en')} wallets.`;
  return (
    <div>
      {mine.length === 0 ? (
        <p className="muted">No wallet of this customer found.</p>
      ) : (
        <table className="simple-table">
          <caption className="visually-hidden">Wallets</caption>
          <thead>
            <tr>
              <th scope="col">Account name</th>
              <th scope="col">Account number</th>
              <th scope="col">Currency</th>
              <th scope="col">Current balance</th>
              <th scope="col">Available balance</th>
              <th scope="col">Id</th>
            </tr>
          </thead>
          <tbody>
            {mine.map((a) => (
              <tr key={a._id}>
                <td>{a.accountName ?? '—'}</td>
                <td className="mono">{a.accountNumber ?? '—'}</td>
                <td>{a.currency ?? '—'}</td>
                <td>{formatMoney(a.currentBalance, a.currency)}</td>
                <td>{formatMoney(a.availableBalance, a.currency)}</td>
                <td>
                  <IdWithCopy id={a._id} label="wallet id" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">{note}</p>
    </div>
  );
}
