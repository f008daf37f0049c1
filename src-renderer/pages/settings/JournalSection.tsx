// The journal of card and account requests: when it was damaged, went missing or was replaced, what happened
// and the operator's way out (a new, empty journal); while it waits for the keychain, why. Shown only when
// something is wrong.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JournalStatus } from '../../../src-shared/ipc/channels/journal';
import { bridge } from '../../lib/bridge';

export function JournalSection(): React.JSX.Element | null {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['journal', 'status'],
    queryFn: async (): Promise<JournalStatus | null> => {
      const r = await bridge().journal.status();
      return r.ok ? r.data : null;
    },
  });
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState(false);

  if (started)
    return (
      <section className="panel" aria-labelledby="journal-title">
        <h2 id="journal-title">Journal</h2>
        <p role="status">A new journal was started. Card and account requests can be sent again.</p>
      </section>
    );
  const current = status.data;
  if (!current || current.state === 'ok') return null;
  // Waiting for the keychain: nothing for the operator to start; the journal opens once the keychain answers.
  if (current.state === 'waiting')
    return (
      <section className="panel" aria-labelledby="journal-title">
        <h2 id="journal-title">Journal</h2>
        <p role="alert">{current.problem}</p>
      </section>
    );

  const startNew = async () => {
    setBusy(true);
    setProblem(null);
    const r = await bridge().journal.startNew({ confirm: true });
    setBusy(false);
    if (!r.ok) {
      setProblem(r.error.message);
      return;
    }
    setStarted(true);
    await queryClient.invalidateQueries({ queryKey: ['journal'] });
  };

  return (
    <section className="panel" aria-labelledby="journal-title">
      <h2 id="journal-title">Journal</h2>
      <p role="alert">{current.problem}</p>
      <label className="inline-check">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I have checked
        the requests from before, and I want to start a new, empty journal
      </label>
      <div className="form-actions">
        <button type="button" className="danger" disabled={!understood || busy} onClick={() => void startNew()}>
          {busy ? 'Starting…' : 'Start a new journal'}
        </button>
      </div>
      {problem ? <p className="field-error">{problem}</p> : null}
    </section>
  );
}
