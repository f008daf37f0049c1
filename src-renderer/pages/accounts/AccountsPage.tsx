// Accounts: the business's settlement accounts and customers' wallets, filtered by currency and type.
import { useCallback, useState } from 'react';
import type { Account } from '../../../src-shared/api/records';
import { ACCOUNT_CURRENCY_FILTERS } from '../../../src-shared/api/requests';
import type { Route } from '../../app/routes';
import { ExportButton } from '../../components/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/ListFooter';
import { ListBody } from '../../components/ListBody';
import { PAGING_DEFAULTS, cleanPaging, pagingOf } from '../../components/paging';
import { useEnvironmentKey } from '../../components/useEnvironmentKey';
import { useListData } from '../../components/useListData';
import { oneOf, useRouteQuery } from '../../components/useRouteQuery';
import { bridge } from '../../lib/bridge';
import { AccountActions } from './AccountActions';
import { accountColumns } from './accountColumns';
import { AccountDetail } from './AccountDetail';

const TYPE_FILTERS = ['all', 'account', 'wallet'] as const;
const DEFAULTS = { ...PAGING_DEFAULTS, currency: 'ALL', type: 'all' };
type Values = typeof DEFAULTS;

const clean = (raw: Values): Values => ({
  ...cleanPaging(raw),
  currency: oneOf(raw.currency, ACCOUNT_CURRENCY_FILTERS, 'ALL'),
  type: oneOf(raw.type, TYPE_FILTERS, 'all'),
});

export function AccountsPage({ route }: { route: Route }): React.JSX.Element {
  const [values, set] = useRouteQuery(route, DEFAULTS, clean);
  const { page, limit, continuous } = pagingOf(values);
  const currency = values.currency as (typeof ACCOUNT_CURRENCY_FILTERS)[number];
  const type = values.type === 'all' ? undefined : (values.type as 'account' | 'wallet');
  const filter = { currency, ...(type ? { type } : {}) };
  const env = useEnvironmentKey();
  const list = useListData<Account>({
    key: ['accounts', env, filter],
    fetchPage: (p, l, opts) => bridge().accounts.list({ ...filter, page: p, limit: l }, opts),
    page,
    limit,
    continuous,
    enabled: env !== null,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? list.rows.find((a) => a._id === selectedId) : undefined;
  const close = useCallback(() => setSelectedId(null), []);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Accounts</h1>
      </header>
      <p className="page-subtitle">The business's settlement accounts and its customers' wallets, with their balances.</p>
      <div className="toolbar">
        <label>
          Currency
          <select value={values.currency} onChange={(e) => set({ currency: e.target.value, page: '0' })}>
            <option value="ALL">All currencies</option>
            <option value="NGN">NGN</option>
            <option value="USD">USD</option>
          </select>
        </label>
        <label>
          Type
          <select value={values.type} onChange={(e) => set({ type: e.target.value, page: '0' })}>
            <option value="all">Accounts and wallets</option>
            <option value="account">Settlement accounts</option>
            <option value="wallet">Wallets</option>
          </select>
        </label>
        <ContinuousToggle checked={continuous} onChange={(on) => set({ scroll: on ? 'all' : '', page: '0' })} />
        <span className="spacer" />
        <AccountActions />
        <ExportButton source="accounts" query={filter} />
      </div>
      <ListBody
        label="Accounts"
        list={list}
        columns={accountColumns}
        rowKey={(a) => a._id}
        rowHeight={44}
        onOpen={(a) => setSelectedId(a._id)}
        selectedKey={selectedId}
        empty={type || currency !== 'ALL' ? 'No accounts match these filters.' : 'This business has no accounts yet.'}
      />
      <ListFooter
        list={list}
        continuous={continuous}
        page={page}
        limit={limit}
        onPage={(p) => set({ page: String(p) })}
        onLimit={(l) => set({ limit: String(l), page: '0' })}
      />
      {selected ? <AccountDetail account={selected} onClose={close} /> : null}
    </section>
  );
}
