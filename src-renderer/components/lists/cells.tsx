// The shapes a list's cells share across pages: a right-aligned heading over amounts, and a cell of two
// lines (the value, and a muted line of what goes with it), each clipped with an ellipsis when narrow.

/** A column heading over amounts: aligned right, as the amounts under it are. */
export const numericHeader = (text: string) => (): React.JSX.Element => <span className="cell-num">{text}</span>;

export function TwoLineCell({
  main,
  sub,
  title,
  mono,
  numeric,
  free,
}: {
  main: React.ReactNode;
  sub: React.ReactNode;
  /** The whole first line, shown on hover when the column clips it. */
  title?: string;
  /** The first line is an id or a card number: set in the fixed-width face. */
  mono?: boolean;
  /** Both lines are amounts: aligned right. */
  numeric?: boolean;
  /**
   * Text that may give way in a narrow window, whole on hover (`data-free-text`): an explanation, a merchant.
   * Names of people, card numbers and dates never are.
   */
  free?: boolean;
}): React.JSX.Element {
  return (
    <span className={numeric ? 'cell-two cell-num' : 'cell-two'} data-free-text={free ? true : undefined}>
      <span title={title} className={mono ? 'mono' : undefined}>
        {main}
      </span>
      <span className="cell-sub" title={typeof sub === 'string' && sub ? sub : undefined}>
        {sub}
      </span>
    </span>
  );
}
