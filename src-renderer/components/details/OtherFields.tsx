// Fields a server sent beyond the ones a detail view names: shown as they came, so nothing is hidden.
import { DetailSection } from './Drawer';

export function OtherFields({ record, known }: { record: object; known: readonly string[] }): React.JSX.Element | null {
  const extra = Object.entries(record).filter(([k]) => !known.includes(k));
  if (extra.length === 0) return null;
  return (
    <DetailSection title="Other fields">
      <pre className="json-block">{JSON.stringify(Object.fromEntries(extra), null, 2)}</pre>
    </DetailSection>
  );
}

/** A small object (metadata, a card's channels...) as key/value lines, or `—` when empty. */
export function KeyValues({ value }: { value: Record<string, unknown> | null | undefined }): React.JSX.Element {
  const entries = Object.entries(value ?? {});
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span>
      {entries.map(([k, v]) => (
        <span key={k} className="kv-inline">
          <span className="muted">{k}:</span> {typeof v === 'string' ? v : JSON.stringify(v)}
        </span>
      ))}
    </span>
  );
}
