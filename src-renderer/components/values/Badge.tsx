import '../components.css';

/** How a status word reads: good, bad, waiting or neutral. Unknown words are shown as they come, neutral. */
const TONES: Record<string, 'ok' | 'bad' | 'wait' | 'neutral'> = {
  approved: 'ok',
  active: 'ok',
  won: 'ok',
  true: 'ok',
  closed: 'neutral',
  declined: 'bad',
  inactive: 'bad',
  canceled: 'bad',
  cancelled: 'bad',
  lost: 'bad',
  false: 'bad',
  failed: 'bad',
  pending: 'wait',
  requested: 'wait',
  under_review: 'wait',
};

/** Abbreviations that stay in capitals when a code word is shown as words. */
const ACRONYMS = new Set(['atm', 'pos', 'pin', 'cvv', 'pan', 'otp', 'id', 'kyc', 'ngn', 'usd', 'vat', 'rrn', 'stan']);

/** One spelling on screen: the service's `canceled` reads as the operator writes it. */
const SPELLING: Record<string, string> = { canceled: 'cancelled' };

/** `under_review` -> `Under review`; `atm` -> `ATM`; `canceled` -> `Cancelled`. */
export function humanize(word: string): string {
  const words = word
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => SPELLING[w.toLowerCase()] ?? w);
  if (words.length === 0) return word;
  const shown = words.map((w, i) =>
    ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w,
  );
  return shown.join(' ');
}

export function StatusBadge({
  status,
  label,
}: {
  status: string | null | undefined;
  label?: string;
}): React.JSX.Element {
  if (!status) return <span className="muted">—</span>;
  const tone = TONES[status.toLowerCase()] ?? 'neutral';
  return <span className={`status-badge tone-${tone}`}>{label ?? humanize(status)}</span>;
}

/** A yes/no for a boolean field; `—` when the field is absent. */
export function YesNo({ value }: { value: boolean | null | undefined }): React.JSX.Element {
  if (value === undefined || value === null) return <span className="muted">—</span>;
  return <span>{value ? 'Yes' : 'No'}</span>;
}
