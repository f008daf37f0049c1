import { format, parseISO } from 'date-fns';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$' };

/** Axis ticks: `₦1.2M`, `$950`. */
export function compactMoney(amount: number, currency: string): string {
  return `${SYMBOLS[currency] ?? `${currency} `}${compact.format(amount)}`;
}

/** `12 Nov` for a `YYYY-MM-DD` day. */
export const dayLabel = (date: string): string => format(parseISO(date), 'd MMM');

export const percent = (n: number | null): string => (n === null ? '—' : `${n.toFixed(1)}%`);

export const CHART_COLORS = {
  approved: '#2563eb',
  declined: '#dc2626',
  rate: '#047857',
  category: '#7c3aed',
  grid: '#e5e7eb',
  axis: '#4b5563',
};
