// A labelled input with its error message tied to it (aria-invalid, aria-describedby), so a rule broken
// as the user types is announced and shown on the field itself.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../components/fields/FieldError';

export function Field({
  label,
  error,
  hint,
  children,
  className,
}: {
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
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A Field whose control is a select over `options`, each shown as `optionText` gives it (the value itself
 * by default); `placeholder` adds a first, empty choice. `registration` is what react-hook-form's
 * `register` returns for the field.
 */
export function SelectField<V extends string>({
  label,
  error,
  registration,
  options,
  optionText = (v) => v,
  placeholder,
}: {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  options: readonly V[];
  optionText?: (value: V) => string;
  placeholder?: string;
}): React.JSX.Element {
  return (
    <Field label={label} error={error}>
      {(ids) => (
        <select {...ids} {...registration}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((v) => (
            <option key={v} value={v}>
              {optionText(v)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
