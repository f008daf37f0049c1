// A field's error: announced as it appears, and found by its id from the control's aria-describedby.
export function FieldError({ id, message }: { id?: string; message?: string | null }): React.JSX.Element | null {
  return message ? (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}
