// Figures for the Overview from the authorizations of a date range: per day, per merchant category, totals.
// Pure, so the numbers can be checked without a browser.
import { addDays, format, isValid, parseISO } from 'date-fns';
import type { Authorization } from '../../../src-shared/api/records';
import { merchantCategoryLabel } from '../../../src-shared/api/merchant-categories';

export interface DayFigures {
  /** Local date, `YYYY-MM-DD`. */
  date: string;
  approved: number;
  declined: number;
  total: number;
  /** Approved share in percent (0-100), or null on a day without authorizations. */
  approvalRate: number | null;
  /** Approved amount per currency. */
  approvedAmount: Record<string, number>;
  declinedAmount: Record<string, number>;
}

export interface CategoryFigures {
  category: string;
  label: string;
  count: number;
  amount: number;
}

export interface OverviewSummary {
  days: DayFigures[];
  /** Approved spend by merchant category, per currency, largest first. */
  categories: Record<string, CategoryFigures[]>;
  count: number;
  approved: number;
  /** Percent, or null without authorizations. */
  approvalRate: number | null;
  approvedAmount: Record<string, number>;
  /** Currencies seen, most authorizations first. */
  currencies: string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const dayOf = (iso: string | undefined): string | null => {
  if (!iso) return null;
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'yyyy-MM-dd') : null;
};

function emptyDay(date: string): DayFigures {
  return { date, approved: 0, declined: 0, total: 0, approvalRate: null, approvedAmount: {}, declinedAmount: {} };
}

/** Every local date from `from` to `to` inclusive (`YYYY-MM-DD`); empty when either is missing or reversed. */
export function daysBetween(from: string, to: string): string[] {
  const start = parseISO(from);
  const end = parseISO(to);
  if (!isValid(start) || !isValid(end) || start > end) return [];
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(format(d, 'yyyy-MM-dd'));
  return days;
}

export function summarize(
  authorizations: readonly Authorization[],
  range: { fromDate: string; toDate: string },
): OverviewSummary {
  const byDay = new Map<string, DayFigures>(daysBetween(range.fromDate, range.toDate).map((d) => [d, emptyDay(d)]));
  const byCategory = new Map<string, Map<string, CategoryFigures>>();
  const approvedAmount: Record<string, number> = {};
  const currencyCounts = new Map<string, number>();
  let approved = 0;

  for (const a of authorizations) {
    const currency = a.currency ?? 'unknown';
    currencyCounts.set(currency, (currencyCounts.get(currency) ?? 0) + 1);
    const date = dayOf(a.createdAt);
    // A record just outside the local-date range (the server counts days in its own time zone) still counts.
    const day = date ? (byDay.get(date) ?? byDay.set(date, emptyDay(date)).get(date)!) : null;
    const amount = Number.isFinite(a.amount) ? a.amount : 0;
    if (a.approved === true) {
      approved++;
      approvedAmount[currency] = (approvedAmount[currency] ?? 0) + amount;
      if (day) {
        day.approved++;
        day.approvedAmount[currency] = (day.approvedAmount[currency] ?? 0) + amount;
      }
      const code = a.merchant?.category ?? '';
      const perCurrency = byCategory.get(currency) ?? byCategory.set(currency, new Map()).get(currency)!;
      const entry = perCurrency.get(code) ?? {
        category: code,
        label: merchantCategoryLabel(code),
        count: 0,
        amount: 0,
      };
      entry.count++;
      entry.amount += amount;
      perCurrency.set(code, entry);
    } else if (day) {
      day.declined++;
      day.declinedAmount[currency] = (day.declinedAmount[currency] ?? 0) + amount;
    }
  }

  const days = [...byDay.values()].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  for (const d of days) {
    d.total = d.approved + d.declined;
    d.approvalRate = d.total ? round2((d.approved / d.total) * 100) : null;
    for (const k of Object.keys(d.approvedAmount)) d.approvedAmount[k] = round2(d.approvedAmount[k]!);
    for (const k of Object.keys(d.declinedAmount)) d.declinedAmount[k] = round2(d.declinedAmount[k]!);
  }
  const categories: Record<string, CategoryFigures[]> = {};
  for (const [currency, map] of byCategory) {
    categories[currency] = [...map.values()]
      .map((c) => ({ ...c, amount: round2(c.amount) }))
      .sort((x, y) => y.amount - x.amount);
  }
  for (const k of Object.keys(approvedAmount)) approvedAmount[k] = round2(approvedAmount[k]!);
  const count = authorizations.length;
  return {
    days,
    categories,
    count,
    approved,
    approvalRate: count ? round2((approved / count) * 100) : null,
    approvedAmount,
    currencies: [...currencyCounts.entries()].sort((x, y) => y[1] - x[1]).map(([c]) => c),
  };
}

/** The largest `keep` categories and one "Other categories" entry for the rest. */
export function topCategories(list: readonly CategoryFigures[], keep = 8): CategoryFigures[] {
  if (list.length <= keep + 1) return [...list];
  const rest = list.slice(keep);
  return [
    ...list.slice(0, keep),
    {
      category: 'other',
      label: 'Other categories',
      count: rest.reduce((n, c) => n + c.count, 0),
      amount: round2(rest.reduce((n, c) => n + c.amount, 0)),
    },
  ];
}
