// Always in view: which environment the user is working in (test data or real), whether the service can be
// reached with the saved key, how many requests the rate limit has left, and how fresh the customer cache is.
// Every item labelled and whole: in a narrow window the bar wraps onto a second line rather than cut anything,
// and only details marked `sb-wide` (the reset's clock time, the badge's "test data") are left out (styles.css).
// The environment comes first and never shrinks: which environment this is stays in view.
import { format } from 'date-fns';
import { agoText } from '../components/customers/cacheAge';
import { isRunning, syncPercent } from '../components/customers/syncProgressText';
import { TeamStatusItem } from './TeamStatusItem';
import { useNow } from './useNow';
import { UpdateReady } from './UpdateReady';
import { useAppStore } from '../stores/appStore';
import { EnvironmentBadge, nameIsKind } from '../components/environment/EnvironmentBadge';
import { useLockStore } from '../stores/lockStore';

const CONNECTION_LABEL: Record<string, string> = {
  online: 'Online',
  offline: 'Offline',
  unauthorized: 'Unauthorized: the API key was refused',
  rate_limited: 'Rate limited',
  unknown: 'Not yet connected',
};

export function StatusBar(): React.JSX.Element {
  const status = useAppStore((s) => s.status);
  const lockNow = useLockStore((s) => s.lockNow);
  const statusError = useAppStore((s) => s.statusError);
  const progress = useAppStore((s) => s.syncProgress);
  const rate = status?.rateLimit ?? null;
  const fewLeft = !!rate && rate.remaining < Math.max(10, rate.limit / 10);
  // A countdown to the rate limit's reset ticks each second while few requests are left.
  const now = useNow(fewLeft ? 1_000 : 30_000);
  const env = status?.environment;
  const syncing = progress && progress.environmentId === env?.id && isRunning(progress) ? progress : null;
  const lastSynced = status?.lastSyncedAt ? Date.parse(status.lastSyncedAt) : NaN;
  const connection = status?.connection ?? 'unknown';

  return (
    <footer className="status-bar" aria-label="Status">
      <span data-testid="status-environment" className="sb-environment">
        Environment: {env && nameIsKind(env) ? null : <strong>{env ? env.name : '…'}</strong>}
        {env ? <EnvironmentBadge environment={env} long={false} /> : null}
      </span>
      <span data-testid="status-connection" className={`conn conn-${connection}`}>
        {statusError ? (
          `Status unavailable: ${statusError}`
        ) : (
          <>
            Connection:{' '}
            {connection === 'unauthorized' && env && !env.hasKey
              ? 'No API key: add it in Settings'
              : (CONNECTION_LABEL[connection] ?? connection)}
          </>
        )}
      </span>
      {rate ? (
        <span data-testid="status-rate-limit">
          {/* Past its reset the window starts afresh with the next call. */}
          Requests left: {(rate.resetAt > now ? rate.remaining : rate.limit).toLocaleString('en')}/
          {rate.limit.toLocaleString('en')}
          {rate.resetAt > now ? (
            <span className="sb-wide">
              {' '}
              (resets {format(rate.resetAt, 'HH:mm:ss O')}
              {fewLeft ? `, in ${Math.ceil((rate.resetAt - now) / 1000)} s` : ''})
            </span>
          ) : null}
        </span>
      ) : null}
      <span data-testid="status-last-sync">
        {syncing
          ? `Syncing customers… ${syncPercent(syncing) ?? 0}%`
          : Number.isNaN(lastSynced)
            ? 'Customers never synced'
            : `Customers synced ${agoText(Math.max(0, now - lastSynced))}`}
      </span>
      <TeamStatusItem />
      <UpdateReady />
      {status?.notices.map((n) => (
        <span key={n} className="notice" role="status" title={n}>
          {n}
        </span>
      ))}
      <button
        type="button"
        className="sb-lock"
        onClick={() => void lockNow()}
        title="Lock Card Desk (Ctrl+L)"
        aria-keyshortcuts="Control+L"
      >
        Lock
      </button>
    </footer>
  );
}
