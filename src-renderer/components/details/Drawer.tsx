import { useEffect, useRef } from 'react';
import { useLatest } from '../../lib/useLatest';

/** A side panel for a record's detail. Escape or the close button closes it; focus moves into it. */
export function Drawer({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effect: focus moves in once, and back once on close.
  const close = useLatest(onClose);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [close]);
  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={ref} className="drawer" role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <header>
          <h2>{title}</h2>
          <button type="button" onClick={onClose} aria-label="Close details">
            Close
          </button>
        </header>
        {children}
      </div>
    </>
  );
}

/** Label/value pairs for a detail view. */
export function Details({ items }: { items: [string, React.ReactNode][] }): React.JSX.Element {
  return (
    <dl className="kv">
      {items.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a detail view (Merchant, Terminal, Fees...). */
export function DetailSection({ title, children }: { title: string; children: React.ReactNode }): React.JSX.Element {
  return (
    <section className="detail-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}
