import { useState } from 'react';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The clipboard permission is refused app-wide; a user-initiated copy command still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
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
