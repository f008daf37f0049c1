// "Update ready: restart" in the status bar, once main has downloaded and verified a newer version.
// Pressing it asks main to install and restart; main refuses while a write awaits its answer (or when it
// could not be installed), and the reason is shown beside the button. An update main discarded (not
// signed with Card Desk's key, or changed after its check) is said in its place.
import { useEffect, useState } from 'react';
import type { UpdateStatusPayload } from '../../src-shared/ipc/channels/updates';
import { bridge } from '../lib/bridge';

export function UpdateReady(): React.JSX.Element | null {
  const [status, setStatus] = useState<UpdateStatusPayload | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void bridge()
      .updates.status()
      .then((r) => {
        if (live && r.ok) setStatus(r.data);
      });
    const off = bridge().events.on('updates.status', (next) => setStatus(next));
    return () => {
      live = false;
      off();
    };
  }, []);
  if (status?.state === 'discarded')
    return (
      <span data-testid="status-update" className="notice" role="status" title={status.message}>
        {status.message}
      </span>
    );
  if (status?.state !== 'ready') return null;
  return (
    <span data-testid="status-update">
      <button
        type="button"
        className="update-ready"
        title={`Card Desk ${status.version} is downloaded and verified. Restart to install it.`}
        onClick={() => {
          setRefusal(null);
          void bridge()
            .updates.restart()
            .then((r) => {
              if (!r.ok) setRefusal(r.error.message);
            });
        }}
      >
        Update ready: restart
      </button>
      {refusal && (
        // The status bar is one line and may cut the reason short: the whole of it shows on hover.
        <span className="notice" role="alert" title={refusal}>
          {refusal}
        </span>
      )}
    </span>
  );
}
