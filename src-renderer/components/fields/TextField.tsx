// A labelled text input with an optional hint and the problem with its value, both tied to the input
// (aria-describedby) so a rule broken as the user types is announced with the field.
export function TextField({
  label,
  idBase,
  hint,
  problem,
  ...input
}: {
  label: string;
  /** Unique on the page: the hint and problem ids are made from it. */
  idBase: string;
  hint?: string;
  problem: string | null;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'>): React.JSX.Element {
  const hintId = `${idBase}-hint`;
  const errorId = `${idBase}-error`;
  const describedBy = [hint ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <label>
      {label}
      <input {...input} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <span id={hintId} className="muted small">
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={errorId} className="field-error">
          {problem}
        </span>
      ) : null}
    </label>
  );
}
