import type { AppError } from '../../../src-shared/ipc/result';

export function ErrorState({
  error,
  onRetry,
  retrying = false,
  title,
}: {
  error: AppError | string;
  onRetry?: () => void;
  /** A retry is under way: the button waits for its answer rather than sending another request. */
  retrying?: boolean;
  title?: string;
}): React.JSX.Element {
  const message = typeof error === 'string' ? error : error.message;
  // A refused or missing key is fixed in Settings, not by trying again.
  const keyRefused = typeof error !== 'string' && error.kind === 'unauthorized';
  const keyMissing = keyRefused && error.keyMissing === true;
  return (
    <div className="error-state" role="alert">
      {title ? <p className="error-title">{title}</p> : null}
      {keyMissing ? (
        <p>
          <strong>No API key is saved for this environment.</strong> Enter its key in Settings, then try again.
        </p>
      ) : keyRefused ? (
        <p>
          <strong>The service refused this environment&rsquo;s API key.</strong> Replace the key in Settings, then try
          again. <span className="muted">The service said: {message}</span>
        </p>
      ) : (
        <p>{message}</p>
      )}
      <div className="error-actions">
        {keyRefused ? (
          <a className="button primary" href="#/settings">
            Open Settings
          </a>
        ) : null}
        {onRetry ? (
          <button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }): React.JSX.Element {
  return (
    <div className="empty-state" role="status">
      {children}
    </div>
  );
}

export function LoadingRows({ rows = 8, label = 'Loading' }: { rows?: number; label?: string }): React.JSX.Element {
  return (
    <div className="skeleton" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}
