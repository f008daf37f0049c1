// The Journal: every write Card Desk attempted in this environment (issued cards, opened accounts and
// wallets), with its outcome; searchable, filterable by outcome, paged and exportable.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { JOURNAL_OUTCOMES, type JournalEntry } from '../../../src-shared/ipc/channels/journal';
import type { Route } from '../../lib/routes';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ListBody } from '../../components/lists/ListBody';
import { ListFooter } from '../../components/lists/ListFooter';
import { NamesProvider, useResolvedNames } from '../../components/values/names';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useListData } from '../../components/lists/useListData';
import { useListQuery } from '../../components/lists/useListQuery';
import { oneOf } from '../../components/lists/useRouteQuery';
import { useRowSelection } from '../../components/lists/useRowSelection';
import { useSettledFilter } from '../../components/fields/useSettledFilter';
import { bridge } from '../../lib/bridge';
import { useAppStore } from '../../stores/appStore';
import { useTeamStore } from '../../stores/teamStore';
import { JournalDetail } from './JournalDetail';
import { JournalFilters, JOURNAL_FILTER_DEFAULTS, cleanJournalFilters, journalFilterQuery } from './JournalFilters';
import { JournalTabs, TeamJournal } from './TeamJournal';
import { VerifyJournal } from './VerifyJournal';
import { OUTCOME_LABEL, journalColumns, journalCustomerId, type Outcome } from './journalFields';
import { IssueCardButton, OpenAccountButton } from '../../writes/IssueCardButton';

const DEFAULTS = {
  ...PAGING_DEFAULTS,
  q: '',
  outcome: '',
  ...JOURNAL_FILTER_DEFAULTS,
  batch: '',
  view: '',
  approval: '',
};
type Values = typeof DEFAULTS;
const clean = (raw: Values): Values => ({
  ...cleanPaging(raw),
  // The journal is always paged.
  scroll: '',
  q: raw.q.slice(0, 200),
  outcome: oneOf(raw.outcome, ['', ...JOURNAL_OUTCOMES], ''),
  ...cleanJournalFilters(raw),
  batch: raw.batch.slice(0, 64),
  view: oneOf(raw.view, ['', 'team'], ''),
  approval: /^[1-9]\d{0,17}$/.test(raw.approval) ? raw.approval : '',
});

export function JournalPage({ route }: { route: Route }): React.JSX.Element {
  const { values, set, paging } = useListQuery(route, DEFAULTS, clean);
  const [typed, setTyped] = useState(values.q);
  useSettledFilter(typed, values.q, (q) => set({ q, page: '0' }), 200);

  const query = {
    ...(values.q.trim() ? { query: values.q.trim() } : {}),
    ...(values.outcome ? { outcome: values.outcome as Outcome } : {}),
    ...journalFilterQuery(values),
    ...(values.batch ? { batchId: values.batch } : {}),
  };
  // With a team database the page has two views: this desk's journal and the team's.
  const hasTeam = useTeamStore((s) => (s.team?.state ?? 'off') !== 'off');
  const teamView = hasTeam && values.view === 'team';
  const list = useListData<JournalEntry>({
    key: ['journal', query],
    fetchPage: (page, limit, opts) => bridge().journal.list({ ...query, page, limit }, opts),
    paging,
    enabled: !teamView,
  });

  // Entries change as writes are answered and reconciled, also from other pages.
  const queryClient = useQueryClient();
  useEffect(
    () => bridge().events.on('journal.changed', () => void queryClient.invalidateQueries({ queryKey: ['journal'] })),
    [queryClient],
  );

  const status = useAppStore((s) => s.status);
  const environmentName = useCallback(
    (id: string) => (status?.environment.id === id ? status.environment.name : id),
    [status],
  );
  const detail = useRowSelection(list.rows, (e) => e.id);
  const names = useResolvedNames({
    customerIds: list.rows.map(journalCustomerId),
    // A card issued here is named by its masked number, not its id.
    cardIds: list.rows.map((e) => (e.operation === 'cards.create' ? e.resultId : null)),
  });

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Journal</h1>
      </header>
      <p className="page-subtitle">
        Every card issued and account or wallet opened from Card Desk in this environment, and what came of it
        {hasTeam ? ': on this desk, or by the whole team with the operator and desk of each' : ''}.
      </p>
      {hasTeam ? <JournalTabs view={teamView ? 'team' : ''} onView={(view) => set({ view, page: '0' })} /> : null}
      {teamView ? (
        <TeamJournal
          outcome={values.outcome}
          onOutcome={(outcome) => set({ outcome, page: '0' })}
          approval={values.approval}
          onClearApproval={() => set({ approval: '', page: '0' })}
          paging={paging}
        />
      ) : (
        <>
          <div className="toolbar">
            <label>
              Search
              <input
                type="search"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder="Customer name, client reference, result id, error…"
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
            {values.batch ? (
              <button type="button" onClick={() => set({ batch: '', page: '0' })} data-testid="batch-filter">
                Only batch {values.batch.slice(0, 8)} ✕
              </button>
            ) : null}
            <span className="spacer" />
            <IssueCardButton />
            <OpenAccountButton />
            <ExportButton
              source="journal"
              query={query}
              label={exportLabel(
                list.pagination?.total,
                'journal entry',
                'journal entries',
                Object.keys(query).length > 0,
              )}
              disabled={list.pagination?.total === 0}
            />
            <VerifyJournal />
          </div>
          <JournalFilters values={values} onChange={set} />
          <NamesProvider names={names}>
            <ListBody
              label="Journal entries"
              list={list}
              columns={journalColumns(environmentName)}
              {...detail.tableProps}
              empty={
                Object.keys(query).length > 0
                  ? 'No journal entry matches.'
                  : 'No writes yet: issued cards and opened accounts appear here.'
              }
            />
          </NamesProvider>
          <ListFooter list={list} paging={paging} />
          {detail.selected ? (
            <NamesProvider names={names}>
              <JournalDetail
                entry={detail.selected}
                environmentName={environmentName(detail.selected.environmentId)}
                onClose={detail.close}
              />
            </NamesProvider>
          ) : null}
        </>
      )}
    </section>
  );
}
