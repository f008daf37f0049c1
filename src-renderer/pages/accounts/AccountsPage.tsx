// Accounts: the business's settlement accounts and customers' wallets, filtered by currency and type.
import type { Account } from '../../../src-shared/api/records';
import { ACCOUNT_CURRENCY_FILTERS } from '../../../src-shared/api/requests';
import type { Route } from '../../lib/routes';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/lists/ListFooter';
import { ListBody } from '../../components/lists/ListBody';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useMemo, useState } from 'react';
import { accountMatches } from '../../../src-shared/api/account-filter';
import { ToolbarSearch } from '../../components/fields/ToolbarSearch';
import { useSettledFilter } from '../../components/fields/useSettledFilter';
import { filteredList, useWholeRange } from '../../components/lists/useWholeRange';
import { useListData } from '../../components/lists/useListData';
import { useListQuery } from '../../components/lists/useListQuery';
import { oneOf } from '../../components/lists/useRouteQuery';
import { useRowSelection } from '../../components/lists/useRowSelection';
import { bridge } from '../../lib/bridge';
import { OpenAccountButton } from '../../writes/IssueCardButton';
import { accountColumns } from './accountColumns';
import { AccountDetail } from './AccountDetail';

const TYPE_FILTERS = ['all', 'account', 'wallet'] as const;
const DEFAULTS = { ...PAGING_DEFAULTS, currency: 'ALL', type: 'all', q: '' };
type Values = typeof DEFAULTS;

const clean = (raw: Values): Values => ({
  ...cleanPaging(raw),
  currency: oneOf(raw.currency, ACCOUNT_CURRENCY_FILTERS, 'ALL'),
  type: oneOf(raw.type, TYPE_FILTERS, 'all'),
  q: raw.q.slice(0, 100),
});

export function AccountsPage({ route }: { route: Route }): React.JSX.Element {
  const { values, set, paging, setContinuous } = useListQuery(route, DEFAULTS, clean);
  const currency = values.currency as (typeof ACCOUNT_CURRENCY_FILTERS)[number];
  const type = values.type === 'all' ? undefined : (values.type as 'account' | 'wallet');
  const filter = { currency, ...(type ? { type } : {}) };
  const [typed, setTyped] = useState(values.q);
  useSettledFilter(typed.trim(), values.q, (q) => set({ q, page: '0' }), 200);
  const search = values.q;
  const fetchPage = (page: number, limit: number, opts: { requestId: string }) =>
    bridge().accounts.list({ ...filter, page, limit }, opts);
  const served = useListData<Account>({ key: ['accounts', filter], fetchPage, paging, enabled: !search });
  // The service cannot search: a search reads every account of the filters and keeps those that match.
  const whole = useWholeRange<Account>({ key: ['accounts', filter], fetchPage, enabled: Boolean(search) });
  const matching = useMemo(
    () => (search ? whole.rows.filter((a) => accountMatches(a, search)) : []),
    [whole.rows, search],
  );
  const list = search ? filteredList(whole, matching, paging) : served;
  const detail = useRowSelection(list.rows, (a) => a._id);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Accounts</h1>
      </header>
      <p className="page-subtitle">
        The business's settlement accounts and its customers' wallets, with their balances.
      </p>
      <div className="toolbar">
        <ToolbarSearch
          label="Search accounts"
          value={typed}
          onChange={setTyped}
          placeholder="Account name, number, bank, or account or customer id"
        />
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
        <ContinuousToggle checked={paging.continuous} onChange={setContinuous} />
        <span className="spacer" />
        <OpenAccountButton />
        <ExportButton
          source="accounts"
          query={{ ...filter, ...(search ? { search } : {}) }}
          label={exportLabel(
            list.pagination?.total,
            'account',
            'accounts',
            Boolean(type) || currency !== 'ALL' || Boolean(search),
          )}
          disabled={list.pagination?.total === 0}
        />
      </div>
      <ListBody
        label="Accounts"
        list={list}
        columns={accountColumns}
        rowHeight={44}
        {...detail.tableProps}
        empty={
          search && whole.loading
            ? `No account matches “${search}” yet; still reading the accounts.`
            : search
              ? `No account matches “${search}”${type || currency !== 'ALL' ? ' with these filters' : ''}.`
              : type || currency !== 'ALL'
                ? 'No accounts match these filters.'
                : 'This business has no accounts yet.'
        }
      />
      <ListFooter list={list} paging={paging} />
      {detail.selected ? <AccountDetail account={detail.selected} onClose={detail.close} /> : null}
    </section>
  );
}
