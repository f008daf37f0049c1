// A record's fields Card Desk could not read as the API describes them (a wrong type, null): the record
// is shown without them (unknown), and here they are as the service sent them, with what was wrong.
import type { UnreadableField } from '../../../src-shared/api/tolerant-read';

export function UnreadableFields({
  fields,
}: {
  fields: readonly UnreadableField[] | undefined;
}): React.JSX.Element | null {
  if (!fields || fields.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="unreadable-title">
      <h2 id="unreadable-title">Fields Card Desk could not read</h2>
      <p className="muted small">
        Shown above as unknown. The service sent them in a form its interface does not describe; here they are as sent.
      </p>
      <dl className="kv">
        {fields.map((f) => (
          <div key={f.field} className="kv-row">
            <dt>
              <code>{f.field}</code>
            </dt>
            <dd>
              <code>{f.value === undefined ? '(missing)' : JSON.stringify(f.value)}</code>{' '}
              <span className="muted">{f.problem}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
