import { useAppStore } from '../stores/appStore';

const CONNECTION_LABEL: Record<string, string> = {
  online: 'Online',
  offline: 'Offline',
  unauthorized: 'Key refused',
  rate_limited: 'Rate limited',
  unknown: 'Not yet connected',
};

export function StatusBar(): React.JSX.Element {
  const status = useAppStore((s) => s.status);
  const statusError = useAppStore((s) => s.statusError);
  const env = status?.environment;
  return (
    <footer className="status-bar" role="contentinfo" aria-label="Status">
      <span data-testid="status-environment">
        Environment: <strong>{env ? env.name : '…'}</strong>
        {env?.builtIn ? <span className="badge badge-sandbox">Local sandbox — test data</span> : null}
      </span>
      <span data-testid="status-connection" className={`conn conn-${status?.connection ?? 'unknown'}`}>
        {statusError ? `Status unavailable: ${statusError}` : CONNECTION_LABEL[status?.connection ?? 'unknown']}
      </span>
      {status?.rateLimit ? (
        <span data-testid="status-rate-limit">
          Requests left: {status.rateLimit.remaining}/{status.rateLimit.limit}
        </span>
      ) : null}
      <span data-testid="status-last-sync">
        Customers synced: {status?.lastSyncedAt ? new Date(status.lastSyncedAt).toLocaleString() : 'never'}
      </span>
      {status?.notices.map((n) => (
        <span key={n} className="notice" role="status">
          {n}
        </span>
      ))}
    </footer>
  );
}
