import { useState } from 'react';
import { bridge } from '../../lib/bridge';

/**
 * Copies through main, which writes the system clipboard: the page itself has no clipboard permission
 * (every permission is refused), so neither navigator.clipboard nor a copy command would work in Electron.
 */
async function copyText(text: string): Promise<boolean> {
  const r = await bridge().app.copyText({ text });
  return r.ok;
}

export function CopyButton({ value, label }: { value: string; label: string }): React.JSX.Element {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={(e) => {
        e.stopPropagation();
        void copyText(value).then((done) => {
          setCopied(done);
          if (done) window.setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** An id shown short, with a copy button for the whole id. */
export function IdWithCopy({ id, label = 'id' }: { id: string | null | undefined; label?: string }): React.JSX.Element {
  if (!id) return <span>—</span>;
  return (
    <span className="id-with-copy">
      <span className="mono" title={id}>
        {id.length > 10 ? `…${id.slice(-8)}` : id}
      </span>
      <CopyButton value={id} label={label} />
    </span>
  );
}
