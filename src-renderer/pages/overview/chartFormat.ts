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

/** The charts' colours, from the theme's palette (theme-palette.css), so they follow light and dark. */
export const CHART_COLORS = {
  approved: 'var(--chart-approved)',
  declined: 'var(--chart-declined)',
  rate: 'var(--chart-rate)',
  category: 'var(--chart-category)',
  grid: 'var(--chart-grid)',
  axis: 'var(--chart-axis)',
};

/** Ticks on every axis. */
export const AXIS_TICK = { fill: CHART_COLORS.axis, fontSize: 12 };

/** The frame of the per-day charts: full width and 260 px high; the table beside each is what is read aloud. */
export const DAY_CHART_FRAME = {
  responsive: true,
  style: { width: '100%', height: 260 },
  accessibilityLayer: false,
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
} as const;

/** The first item with the largest `value`, or null when there are none. */
export function largest<T>(items: readonly T[], value: (item: T) => number): T | null {
  return items.reduce<T | null>((best, item) => (best === null || value(item) > value(best) ? item : best), null);
}
