// A labelled input with its error message tied to it (aria-invalid, aria-describedby), so a rule broken
// as the user types is announced and shown on the field itself.
import { useId } from 'react';

export function Field({ label, error, hint, children, className }: {
  label: string;
  error?: string;
  hint?: React.ReactNode;
  /** Receives the ids to put on the control. */
  children: (ids: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode;
  className?: string;
}): React.JSX.Element {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint ? <span id={hintId} className="field-hint">{hint}</span> : null}
      {error ? <span id={errorId} className="field-error" role="alert">{error}</span> : null}
    </div>
  );
}
