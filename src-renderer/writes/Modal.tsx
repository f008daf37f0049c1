// A modal dialog for the issuing flows: focus moves to its first field and stays in, Escape closes
// (unless a request is in flight), focus returns to the button that opened it. When the form inside
// holds typed data, closing asks first.
import { useEffect, useId, useRef, useState } from 'react';
import { useLatest } from '../lib/useLatest';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({
  title,
  onClose,
  busy = false,
  hasUnsavedInput,
  children,
}: {
  title: string;
  onClose: () => void;
  /** While true, Escape and the backdrop do not close it. */
  busy?: boolean;
  /** True when closing would throw away what was typed: closing then asks first. */
  hasUnsavedInput?: () => boolean;
  children: React.ReactNode;
}): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const askId = useId();
  const busyRef = useLatest(busy);
  const [asking, setAsking] = useState(false);
  /** What had focus when "Discard?" was asked: "Keep editing" goes back there. */
  const beforeAsking = useRef<HTMLElement | null>(null);

  // Taken on the first render, before any field inside takes the focus.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    // The first field of the form, not the Close button in the header.
    const first = items.find((el) => !el.closest('.modal-header')) ?? items[0];
    if (!ref.current?.contains(document.activeElement)) (first ?? ref.current)?.focus();
    return () => opener?.focus?.();
  }, [opener]);
  useEffect(() => {
    if (asking) keepRef.current?.focus();
  }, [asking]);
  const keepEditing = () => {
    setAsking(false);
    const back = beforeAsking.current;
    window.requestAnimationFrame(() => (back?.isConnected ? back : ref.current)?.focus());
  };

  const requestClose = () => {
    if (busyRef.current) return;
    if (hasUnsavedInput?.()) {
      beforeAsking.current = document.activeElement as HTMLElement | null;
      setAsking(true);
    } else onClose();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (asking) keepEditing();
      else requestClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop" onMouseDown={requestClose}>
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onMouseDown={(e) => e.stopPropagation()}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" onClick={requestClose} disabled={busy} aria-label={`Close ${title.toLowerCase()}`}>
            Close
          </button>
        </header>
        {asking ? (
          <div className="discard-check" role="alertdialog" aria-labelledby={askId}>
            <p id={askId}>
              <strong>Discard what you typed?</strong> Closing now throws away the details entered so far.
            </p>
            <div className="form-actions">
              <button ref={keepRef} type="button" className="primary" onClick={keepEditing}>
                Keep editing
              </button>
              <button type="button" onClick={onClose}>
                Discard and close
              </button>
            </div>
          </div>
        ) : null}
        <div hidden={asking}>{children}</div>
      </div>
    </div>
  );
}
