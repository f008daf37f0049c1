// "Look up by id": fetches one funding source and shows it, or the service's answer (not found, invalid id).
import { useState } from 'react';
import type { FundingSource } from '../../../src-shared/api/records';
import { fundingSourceGetSchema } from '../../../src-shared/api/requests';
import { bridge } from '../../lib/bridge';
import { FundingSourceFields } from './FundingSourceDetail';
import { FieldError } from '../../components/fields/FieldError';

type Outcome = { kind: 'found'; source: FundingSource } | { kind: 'failed'; message: string } | null;

export function FundingSourceLookup({ onOpen }: { onOpen: (id: string) => void }): React.JSX.Element {
  const [id, setId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const lookUp = async () => {
    setOutcome(null);
    const parsed = fundingSourceGetSchema.safeParse({ id: id.trim() });
    if (!parsed.success) {
      setFieldError((parsed.error.issues[0]?.message ?? 'id is invalid').replace(/^id\b/, 'Funding source id'));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const r = await bridge().fundingSources.get(parsed.data);
      setOutcome(r.ok ? { kind: 'found', source: r.data } : { kind: 'failed', message: r.error.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="panel lookup">
      <form
        className="lookup-form"
        onSubmit={(e) => {
          e.preventDefault();
          void lookUp();
        }}
      >
        <label>
          Look up by id
          <input
            value={id}
            onChange={(e) => setId(e.target.value)}
            placeholder="24-character funding source id"
            className="mono"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'lookup-error' : undefined}
          />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Looking up…' : 'Look up'}
        </button>
        <FieldError id="lookup-error" message={fieldError} />
      </form>
      {outcome?.kind === 'failed' ? (
        <div className="error-state" role="alert">
          <p>{outcome.message}</p>
        </div>
      ) : null}
      {outcome?.kind === 'found' ? (
        <div className="lookup-result" aria-label="Funding source found" role="region">
          <FundingSourceFields source={outcome.source} />
          <button type="button" onClick={() => onOpen(outcome.source._id)}>
            Open details
          </button>
        </div>
      ) : null}
    </div>
  );
}
