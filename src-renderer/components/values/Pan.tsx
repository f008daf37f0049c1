// A card number in a narrow place (a table cell, a picker line): when space runs short the start gives
// way with an ellipsis and the last four digits stay whole, because they are what a caller reads out.
import { displayPan, lastFour } from '../../lib/format';

export function Pan({ maskedPan }: { maskedPan: string | null | undefined }): React.JSX.Element {
  const shown = displayPan(maskedPan);
  const four = lastFour(maskedPan);
  if (!four || !shown.endsWith(four)) return <span className="mono">{shown}</span>;
  return (
    <span className="pan mono" title={maskedPan ?? undefined} data-last-four={four}>
      <span className="pan-head">{shown.slice(0, -4)}</span>
      <span className="pan-tail">{four}</span>
    </span>
  );
}
