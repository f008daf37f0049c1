// The customer cache's state and the sync controls: "Sync now", "Cancel sync" and a progress bar fed by
// main's `customers.syncProgress` events.
import './sync-panel.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { CacheStatus, SyncProgress } from '../../../src-shared/ipc/channels/customers';
import type { AppError } from '../../../src-shared/ipc/result';
import { ErrorState } from '../states/States';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { useTickingNow } from '../../lib/rateWait';
import { useAppStore } from '../../stores/appStore';
import { useTeamStore } from '../../stores/teamStore';
import { syncedAgo } from './cacheAge';
import { isRunning, syncPercent, syncProgressText } from './syncProgressText';

/** Starts a sync and refreshes everything that reads the cache when it ends. */
export function useSyncActions() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<AppError | null>(null);
  const [starting, setStarting] = useState(false);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['customers'] }), [queryClient]);
  /** `full`: refetch every page (a full sweep) rather than only what changed. */
  const sync = async (full = false) => {
    setError(null);
    setStarting(true);
    const r = await bridge().customers.sync(full ? { full: true } : undefined);
    setStarting(false);
    if (!r.ok && r.error.kind !== 'cancelled') setError(r.error);
    refresh();
  };
  const cancel = async () => {
    const r = await bridge().customers.cancelSync();
    if (!r.ok) setError(r.error);
    refresh();
  };
  return { sync, cancel, error, starting, refresh };
}

export type SyncActions = ReturnType<typeof useSyncActions>;

/** Sync now, Full re-sync and Cancel sync. */
function SyncButtons({
  running,
  sync,
  cancel,
}: {
  running: boolean;
  sync: SyncActions['sync'];
  cancel: SyncActions['cancel'];
}): React.JSX.Element {
  return (
    <div className="sync-actions">
      <button type="button" className="primary" onClick={() => void sync()} disabled={running}>
        Sync now
      </button>
      <button
        type="button"
        onClick={() => void sync(true)}
        disabled={running}
        title="Fetch every customer again, to catch edits and deletions a quick sync cannot see"
      >
        Full re-sync
      </button>
      <button type="button" onClick={() => void cancel()} disabled={!running}>
        Cancel sync
      </button>
    </div>
  );
}

/**
 * On a team desk that does not page the API for the team, why it offers no sync of its own: another desk
 * syncs customers for everyone and this desk reads the team's copy. Null where this desk syncs (no team, or
 * it holds the team's sync).
 */
export function useSyncedElsewhere(): string | null {
  const team = useTeamStore((s) => s.team);
  const customers = team?.state === 'connected' ? team.customers : null;
  if (!customers || customers.thisDeskSyncs) return null;
  const by = customers.syncedBy;
  return by
    ? `Customers are synced for the team by ${by.login} on ${by.deskName || 'a desk'}; this desk reads the team's copy.`
    : "No desk syncs customers for the team at the moment; this desk reads the team's copy, and a desk whose login may sync for the team takes it up.";
}

export function SyncPanel({
  status,
  actions,
}: {
  status: CacheStatus | undefined;
  actions: SyncActions;
}): React.JSX.Element {
  const environmentId = useAppStore((s) => s.status?.environment.id);
  const storeProgress = useAppStore((s) => s.syncProgress);
  const progress: SyncProgress | null =
    storeProgress && storeProgress.environmentId === environmentId ? storeProgress : null;
  const { sync, cancel, error, starting, refresh } = actions;
  const running = starting || isRunning(progress) || (status?.syncing ?? false);
  const elsewhere = useSyncedElsewhere();

  // A sync that ends (here or on schedule) changes what searches return.
  const phase = progress?.phase;
  useEffect(() => {
    if (phase && phase !== 'starting' && phase !== 'paging' && phase !== 'pruning') refresh();
  }, [phase, refresh]);

  // Once "Sync now" is pressed, the previous sync's outcome is no longer news.
  const shown = starting && !isRunning(progress) ? null : progress;
  const percent = shown ? syncPercent(shown) : null;
  const now = useTickingNow(shown?.waitingUntil !== undefined);
  return (
    <section className="panel sync-panel" aria-labelledby="sync-title">
      <div className="sync-head">
        <div>
          <h2 id="sync-title">Offline customer cache</h2>
          <p className="muted" data-testid="cache-summary">
            {status && running && shown && shown.phase !== 'starting'
              ? syncingSummary(shown, status.lastSyncedAt === null)
              : status
                ? `${status.customers.toLocaleString('en')} customers cached · ${syncedAgo(status.lastSyncedAt)}${status.lastSyncedAt ? ` (${formatDateTime(status.lastSyncedAt)})` : ''}`
                : 'Reading the cache…'}
            {status?.resumeFromPage !== null && status?.resumeFromPage !== undefined && !running
              ? ` · an interrupted sync will resume from page ${(status.resumeFromPage + 1).toLocaleString('en')}`
              : ''}
          </p>
        </div>
        {elsewhere ? (
          <p className="muted" data-testid="synced-elsewhere">
            {elsewhere}
          </p>
        ) : (
          <SyncButtons running={running} sync={sync} cancel={cancel} />
        )}
      </div>
      {status?.notice ? (
        <p className="notice" role="status">
          {status.notice}
        </p>
      ) : null}
      {running || shown?.phase === 'done' || shown?.phase === 'unchanged' ? (
        <div className="sync-progress" aria-live="polite">
          <progress className="progress" aria-label="Sync progress" max={100} value={percent ?? undefined} />
          <span data-testid="sync-percent" className="sync-percent">
            {percent === null ? '' : `${percent}%`}
          </span>
          <span data-testid="sync-status">
            {shown && shown.phase !== 'failed' && shown.phase !== 'cancelled'
              ? syncProgressText(shown, now)
              : 'Starting sync…'}
          </span>
        </div>
      ) : shown && !error ? (
        // A sync that stopped (cancelled, or a scheduled one that failed): say why.
        <p data-testid="sync-status" className={shown.phase === 'failed' ? 'field-error' : 'muted'} role="status">
          {syncProgressText(shown)}
        </p>
      ) : null}
      {error ? <ErrorState error={error} onRetry={() => void sync()} /> : null}
    </section>
  );
}

/** While a sync runs, what it has fetched so far (the cache's own count is only settled at the end). */
function syncingSummary(p: SyncProgress, first: boolean): string {
  const so = `${p.customers.toLocaleString('en')} customers fetched so far`;
  const pages = p.totalPages
    ? ` · page ${p.pagesDone.toLocaleString('en')} of ${p.totalPages.toLocaleString('en')}`
    : ` · page ${p.pagesDone.toLocaleString('en')}`;
  return `${first ? 'First sync' : 'Syncing'}: ${so}${pages}`;
}
