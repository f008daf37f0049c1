// Ctrl+K on an empty customer cache: the search cannot find anyone yet, so the dialog offers the sync.
import type { RefObject } from 'react';
import { useSyncActions, useSyncedElsewhere } from '../components/customers/SyncPanel';

export function EmptyCacheSync({
  buttonRef,
  onBack,
  onClose,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Tab from the button: back to the search box. */
  onBack: () => void;
  onClose: () => void;
}): React.JSX.Element {
  const actions = useSyncActions();
  const elsewhere = useSyncedElsewhere();
  if (elsewhere)
    return (
      <div className="empty-cache-sync" data-testid="empty-cache-sync">
        <p>No customers are cached for this environment yet. {elsewhere}</p>
      </div>
    );
  return (
    <div className="empty-cache-sync" data-testid="empty-cache-sync">
      <p>No customers are cached for this environment yet.</p>
      <button
        ref={buttonRef}
        type="button"
        className="primary"
        disabled={actions.starting}
        onClick={() => void actions.sync()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
          else if (e.key === 'Tab') {
            e.preventDefault();
            onBack();
          }
        }}
      >
        {actions.starting ? 'Syncing…' : 'Sync now'}
      </button>
      {actions.error ? <p role="alert">{actions.error.message}</p> : null}
    </div>
  );
}
