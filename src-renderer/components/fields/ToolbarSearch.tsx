// The free-text box at the head of a list's toolbar (filter the cards, search the customers): it takes the
// toolbar's spare width, and the browser neither fills it from past entries nor marks names and ids as
// misspelt.
export function ToolbarSearch({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** What may be typed: the fields the list matches on. */
  placeholder: string;
}): React.JSX.Element {
  return (
    <label className="grow">
      {label}
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
      />
    </label>
  );
}
