// A day typed as the app writes it, day first ("28 Nov 2026"; "28/11/2026" and "2026-11-28" are read too),
// where a browser's date input would follow the computer's locale ("10/30/2026"). The value stays
// `YYYY-MM-DD`; what cannot be read as a day is said on the field and changes nothing.
import { useState } from 'react';
import { dayText, readDay } from '../../lib/format';

export function DayInput({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  /** `YYYY-MM-DD`, or empty for none. */
  value: string;
  onChange: (day: string) => void;
  /** Another rule (the range's order) says this field is wrong. */
  invalid?: boolean;
}): React.JSX.Element {
  // What the operator is typing, while it differs from the value; null shows the value as the app writes it.
  const [typed, setTyped] = useState<string | null>(null);
  // A day half typed is not yet wrong: it is said once the operator leaves the field.
  const [left, setLeft] = useState(false);
  const unreadable = typed !== null && typed.trim() !== '' && readDay(typed) === null;
  const change = (text: string) => {
    setTyped(text);
    setLeft(false);
    if (text.trim() === '') onChange('');
    else {
      const day = readDay(text);
      if (day !== null && day !== value) onChange(day);
    }
  };
  return (
    <label>
      {label}
      <input
        type="text"
        inputMode="text"
        className="day-input"
        placeholder="28 Nov 2026"
        autoComplete="off"
        spellCheck={false}
        value={typed ?? dayText(value)}
        aria-invalid={invalid || (unreadable && left) ? true : undefined}
        title="A day, such as 28 Nov 2026"
        onChange={(e) => change(e.target.value)}
        // Once the operator leaves the field, a day it reads as is written the app's way.
        onBlur={() => {
          if (unreadable) setLeft(true);
          else setTyped(null);
        }}
      />
      {unreadable && left ? (
        <span className="field-error" role="alert">
          {label}: write a day such as {dayText(value) || '28 Nov 2026'}
        </span>
      ) : null}
    </label>
  );
}
