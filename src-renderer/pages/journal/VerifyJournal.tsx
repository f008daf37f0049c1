// Journal → Verify: checks the journal's whole chain of events (main process, journal-chain.ts) and says
// whether it is intact, or which event or entry is the first that does not match.
import { useState } from 'react';
import type { JournalVerification } from '../../../src-shared/ipc/channels/journal';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';

function describe(v: JournalVerification): string {
  const since = v.startedAt ? ` since ${formatDateTime(v.startedAt)}` : '';
  const upgraded =
    v.adoptedEntries > 0
      ? ` The chain began when Card Desk was upgraded: the ${v.adoptedEntries} entries from before are recorded as they were then.`
      : '';
  if (v.ok) return `The journal is intact: ${v.events} events${since}, each following the one before.${upgraded}`;
  const bad = v.firstBad!;
  const where = bad.seq !== null ? `Event ${bad.seq}${bad.at ? ` (${formatDateTime(bad.at)})` : ''}` : 'An entry';
  return `The journal does not match its chain. ${where}: ${bad.problem}. Export the journal and keep this file for review.${upgraded}`;
}

export function VerifyJournal(): React.JSX.Element {
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      const r = await bridge().journal.verify();
      setResult(r.ok ? { text: describe(r.data), ok: r.data.ok } : { text: r.error.message, ok: false });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void verify()} disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      {result ? (
        <p
          className={result.ok ? 'journal-verify ok' : 'journal-verify error'}
          role="status"
          data-testid="journal-verify"
        >
          {result.text}
        </p>
      ) : null}
    </>
  );
}
