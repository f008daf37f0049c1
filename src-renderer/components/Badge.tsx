import './components.css';

/** How a status word reads: good, bad, waiting or neutral. Unknown words are shown as they come, neutral. */
const TONES: Record<string, 'ok' | 'bad' | 'wait' | 'neutral'> = {
  approved: 'ok', active: 'ok', won: 'ok', true: 'ok', closed: 'neutral',
  declined: 'bad', inactive: 'bad', canceled: 'bad', cancelled: 'bad', lost: 'bad', false: 'bad', failed: 'bad',
  pending: 'wait', requested: 'wait', under_review: 'wait',
};

/** `under_review` -> `Under review`. */
export function humanize(word: string): string {
  const spaced = word.replace(/[_-]+/g, ' ').trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : word;
}

export function StatusBadge({ status, label }: { status: string | null | undefined; label?: string }): React.JSX.Element {
  if (!status) return <span className="muted">—</span>;
  const tone = TONES[status.toLowerCase()] ?? 'neutral';
  return <span className={`status-badge tone-${tone}`}>{label ?? humanize(status)}</span>;
}

/** A yes/no for a boolean field; `—` when the field is absent. */
export function YesNo({ value }: { value: boolean | null | undefined }): React.JSX.Element {
  if (value === undefined || value === null) return <span className="muted">—</span>;
  return <span>{value ? 'Yes' : 'No'}</span>;
}
