// One journal entry: what was sent (nothing secret is kept), what came of it, and for an unknown outcome
// the way to allow a resend after a warning.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { hrefOf } from '../../lib/routes';
import { IdWithCopy } from '../../components/values/CopyButton';
import { Details, Drawer } from '../../components/details/Drawer';
import { CustomerRef } from '../../components/values/names';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { OPERATION_LABEL, OutcomeBadge, journalCustomerId } from './journalFields';
import { JournalRequest } from './JournalRequest';
import '../../writes/writes.css';

function ResultLink({ entry }: { entry: JournalEntry }): React.JSX.Element {
  if (!entry.resultId) return <span>—</span>;
  return (
    <span className="id-with-copy">
      <IdWithCopy id={entry.resultId} label="result id" />
      {entry.operation === 'cards.create' ? (
        <a href={hrefOf('cards', entry.resultId)}>Open card</a>
      ) : (
        <a href={hrefOf('accounts')}>Accounts</a>
      )}
    </span>
  );
}

function AllowResend({ entry }: { entry: JournalEntry }): React.JSX.Element {
  const queryClient = useQueryClient();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const noun = entry.operation === 'cards.create' ? 'card' : entry.request.type === 'wallet' ? 'wallet' : 'account';
  const allow = async () => {
    setBusy(true);
    setProblem(null);
    const r = await bridge().journal.acknowledgeResend({ id: entry.id });
    setBusy(false);
    if (!r.ok) setProblem(r.error.message);
    void queryClient.invalidateQueries({ queryKey: ['journal'] });
  };
  return (
    <section className="unknown-outcome detail-section" aria-label="Allow resend">
      <h3>The {noun} may or may not exist</h3>
      <p>
        Card Desk refuses to send an identical request while this outcome is unknown. Check first
        {entry.operation === 'cards.create' ? ' (Cards, Authorizations)' : ' (Accounts)'}: allowing a resend may create
        a second {noun}.
      </p>
      <label className="inline-check">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I have checked,
        and I accept that a resend may create a second {noun}
      </label>
      <div className="form-actions">
        <button type="button" className="danger" disabled={!understood || busy} onClick={() => void allow()}>
          Allow resend
        </button>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

const CERTAINTY_LABEL = { certain: 'certain', likely: 'likely, not certain', none: 'nothing found' } as const;

export function JournalDetail({
  entry,
  environmentName,
  onClose,
}: {
  entry: JournalEntry;
  environmentName: string;
  onClose: () => void;
}): React.JSX.Element {
  return (
    <Drawer title="Journal entry" onClose={onClose}>
      <Details
        items={[
          ['When', formatDateTime(entry.at)],
          ['Environment', environmentName],
          ['Operation', OPERATION_LABEL[entry.operation]],
          ['Customer', journalCustomerId(entry) ? <CustomerRef id={journalCustomerId(entry)} /> : '—'],
          ['Outcome', <OutcomeBadge outcome={entry.outcome} />],
          ['Result', <ResultLink entry={entry} />],
          ['Error', entry.error ?? '—'],
          [
            'Client reference',
            entry.clientReference ? <IdWithCopy id={entry.clientReference} label="client reference" /> : '—',
          ],
          ['Resend allowed', entry.outcome === 'outcome_unknown' ? (entry.resendAcknowledged ? 'Yes' : 'No') : '—'],
          ['Entry id', <IdWithCopy id={entry.id} label="entry id" />],
          [
            'Batch',
            entry.batchId ? (
              <a href={`#/bulk-issue/${entry.batchId}`}>
                Row {entry.batchRow} of a file ({entry.batchId.slice(0, 8)})
              </a>
            ) : (
              '—'
            ),
          ],
        ]}
      />
      {entry.evidence ? (
        <section className="detail-section" aria-label="What the service showed">
          <h3>What the service showed ({CERTAINTY_LABEL[entry.evidence.certainty]})</h3>
          <p>{entry.evidence.summary}</p>
          <p className="muted">Looked on {formatDateTime(entry.evidence.checkedAt)}.</p>
        </section>
      ) : null}
      {entry.outcome === 'outcome_unknown' && !entry.resendAcknowledged ? <AllowResend entry={entry} /> : null}
      {entry.outcome === 'outcome_unknown' && entry.resendAcknowledged ? (
        <p className="muted">A resend is allowed: the same request can be sent again from its form.</p>
      ) : null}
      <JournalRequest entry={entry} environmentName={environmentName} />
    </Drawer>
  );
}
