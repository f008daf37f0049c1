// How money is written everywhere, in main and in the renderer alike: `₦750,000.00`, `$50.00`, two decimals,
// the currency's symbol before the amount (its code for a currency without one: `EUR 5.00`).

const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$' };
const number2 = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `₦1,234.56`, `-$12.00`; an unknown currency keeps its code (`EUR 5.00`); a missing amount is `—`. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const code = (currency ?? '').toUpperCase();
  const symbol = SYMBOLS[code];
  const body = number2.format(Math.abs(amount));
  const sign = amount < 0 ? '-' : '';
  return symbol ? `${sign}${symbol}${body}` : `${sign}${code ? `${code} ` : ''}${body}`;
}
