// The Journal: every write Card Desk attempted in this environment (issued cards, opened accounts and
// wallets), with its outcome; searchable, filterable by outcome, paged and exportable.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { JOURNAL_OUTCOMES, type JournalEntry } from '../../../src-shared/ipc/channels/journal';
import type { Route } from '../../app/routes';
import { ExportButton } from '../../components/ExportButton';
import { ListBody } from '../../components/ListBody';
import { ListFooter } from '../../components/ListFooter';
import { PAGING_DEFAULTS, cleanPaging, pagingOf } from '../../components/paging';
import { useEnvironmentKey } from '../../components/useEnvironmentKey';
import { useListData } from '../../components/useListData';
import { oneOf, useRouteQuery } from '../../components/useRouteQuery';
import { bridge } from '../../lib/bridge';
import { useAppStore } from '../../stores/appStore';
import { useDebouncedValue } from '../customers/useDebouncedValue';
import { JournalDetail } from './JournalDetail';
import { OUTCOME_LABEL, journalColumns, type Outcome } from './journalFields';
import { IssueCardButton, OpenAccountButton } from '../issue/IssueCardButton';

const DEFAULTS = { ...PAGING_DEFAULTS, q: '', outcome: '' };
type Values = typeof DEFAULTS;
const clean = (raw: Values): Values => ({
  ...cleanPaging(raw),
  q: raw.q.slice(0, 200),
  outcome: oneOf(raw.outcome, ['', ...JOURNAL_OUTCOMES], ''),
});

export function JournalPage({ route }: { route: Route }): React.JSX.Element {
  const [values, set] = useRouteQuery(route, DEFAULTS, clean);
  const { page, limit } = pagingOf(values);
  const [typed, setTyped] = useState(values.q);
  const settled = useDebouncedValue(typed, 200);
  useEffect(() => {
    if (settled !== values.q) set({ q: settled, page: '0' });
  }, [settled]);

  const query = { ...(values.q.trim() ? { query: values.q.trim() } : {}), ...(values.outcome ? { outcome: values.outcome as Outcome } : {}) };
  const env = useEnvironmentKey();
  const list = useListData<JournalEntry>({
    key: ['journal', env, query],
    fetchPage: (p, l, opts) => bridge().journal.list({ ...query, page: p, limit: l }, opts),
    page,
    limit,
    enabled: env !== null,
  });

  // Entries change as writes are answered and reconciled, also from other pages.
  const queryClient = useQueryClient();
  useEffect(() => bridge().events.on('journal.changed', () => void queryClient.invalidateQueries({ queryKey: ['journal'] })), [queryClient]);

  const status = useAppStore((s) => s.status);
  const environmentName = useCallback(
    (id: string) => (status?.environment.id === id ? status.environment.name : id),
    [status],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? list.rows.find((e) => e.id === selectedId) : undefined;
  const close = useCallback(() => setSelectedId(null), []);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Journal</h1>
      </header>
      <p className="page-subtitle">Every card issued and account or wallet opened from Card Desk in this environment, and what came of it.</p>
      <div className="toolbar">
        <label>
          Search
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Client reference, result id, customer id, error…"
            maxLength={200}
            size={36}
          />
        </label>
        <label>
          Outcome
          <select value={values.outcome} onChange={(e) => set({ outcome: e.target.value, page: '0' })}>
            <option value="">All outcomes</option>
            {JOURNAL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABEL[o]}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <IssueCardButton />
        <OpenAccountButton />
        <ExportButton source="journal" query={query} />
      </div>
      <ListBody
        label="Journal entries"
        list={list}
        columns={journalColumns(environmentName)}
        rowKey={(e) => e.id}
        onOpen={(e) => setSelectedId(e.id)}
        selectedKey={selectedId}
        empty={query.query || query.outcome ? 'No journal entry matches.' : 'No writes yet: issued cards and opened accounts appear here.'}
      />
      <ListFooter
        list={list}
        continuous={false}
        page={page}
        limit={limit}
        onPage={(p) => set({ page: String(p) })}
        onLimit={(l) => set({ limit: String(l), page: '0' })}
      />
      {selected ? <JournalDetail entry={selected} environmentName={environmentName(selected.environmentId)} onClose={close} /> : null}
    </section>
  );
}
