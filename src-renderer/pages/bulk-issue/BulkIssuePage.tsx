// Issue → Issue from a file: download the template, choose a CSV, check every row (preview), confirm the
// number of cards in words, then follow the batch (progress, pause, resume, cancel, results). A batch
// that was interrupted or paused is offered first. `#/bulk-issue/<batchId>` shows one batch.
import { useCallback, useEffect, useState } from 'react';
import type { BatchPreview, BatchStatus, BulkColumn } from '../../../src-shared/ipc/channels/bulk-issue';
import { ErrorState } from '../../components/states/States';
import { bridge } from '../../lib/bridge';
import { hrefOf, navigate, type Route } from '../../lib/routes';
import { BatchPreviewView } from './BatchPreviewView';
import { BatchProgressView } from './BatchProgressView';
import { stateText } from './words';
import { fileText, tooLargeToRead } from './file-text';
import './bulk-issue.css';
import { formatDateTime } from '../../lib/format';

export function BulkIssuePage({ route }: { route: Route }): React.JSX.Element {
  const batchId = route.params[0];
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Issue from a file</h1>
      </header>
      <p className="page-subtitle">
        Issue many cards at once from a CSV file: every row is checked first, and nothing is sent until you confirm the
        number of cards.
      </p>
      {batchId ? <BatchProgressView key={batchId} batchId={batchId} /> : <ChooseFile />}
    </section>
  );
}

function OpenBatches(): React.JSX.Element | null {
  const [batches, setBatches] = useState<BatchStatus[]>([]);
  useEffect(() => {
    void bridge()
      .bulkIssue.list()
      .then((r) => {
        if (r.ok) setBatches(r.data.filter((b) => ['interrupted', 'paused', 'running'].includes(b.state)));
      });
  }, []);
  if (batches.length === 0) return null;
  return (
    <div className="panel" role="region" aria-label="Batches not finished">
      {batches.map((b) => (
        <p key={b.batchId} data-testid="open-batch">
          <strong>{b.fileName ?? 'A batch'}</strong> ({formatDateTime(b.createdAt)}): {stateText(b.state)}, {b.sent} of{' '}
          {b.total} sent. {b.message ?? ''} <a href={hrefOf('bulk-issue', b.batchId)}>Open</a>
        </p>
      ))}
    </div>
  );
}

function ChooseFile(): React.JSX.Element {
  const [csv, setCsv] = useState<{ text: string; name: string } | null>(null);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const check = useCallback(
    async (file: { text: string; name: string }, columns?: Record<string, BulkColumn | null>) => {
      setBusy(true);
      setProblem(null);
      const r = await bridge().bulkIssue.preview({
        csv: file.text,
        fileName: file.name,
        ...(columns ? { columns } : {}),
      });
      setBusy(false);
      if (r.ok) setPreview(r.data);
      else {
        setPreview(null);
        setProblem(r.error.message);
      }
    },
    [],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const refuse = (message: string) => {
      setPreview(null);
      setProblem(message);
    };
    // Refused by its size before it is read, and read as the text it is or refused (file-text.ts).
    const tooLarge = tooLargeToRead(file.size);
    if (tooLarge) return refuse(tooLarge);
    const read = fileText(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) return refuse(read.message);
    const chosen = { text: read.text, name: file.name };
    setCsv(chosen);
    await check(chosen);
  };

  const saveTemplate = async () => {
    const r = await bridge().bulkIssue.saveTemplate();
    if (r.ok && r.data.saved) setSaved(`Template saved as ${r.data.fileName} in ${r.data.folder}.`);
    else if (!r.ok) setProblem(r.error.message);
  };

  return (
    <>
      <OpenBatches />
      <div className="toolbar">
        <label>
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            disabled={busy}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <span className="spacer" />
        <button type="button" onClick={() => void saveTemplate()}>
          Download the template
        </button>
      </div>
      {saved ? (
        <p role="status" className="muted">
          {saved}
        </p>
      ) : null}
      {busy ? <p role="status">Checking the file…</p> : null}
      {problem ? <ErrorState error={problem} /> : null}
      {preview && csv ? (
        <BatchPreviewView
          preview={preview}
          onColumns={(columns) => void check(csv, columns)}
          onStarted={(id) => navigate('bulk-issue', id)}
        />
      ) : null}
    </>
  );
}
