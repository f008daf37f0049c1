// The Overview's figures from a range's authorizations: days, approval rates, amounts, categories.
import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../../src-shared/api/records';
import { daysBetween, summarize, topCategories } from '../../../src-renderer/pages/overview/summarize';
import { OVERVIEW_PAGE_CAP, nextOverviewPage } from '../../../src-renderer/pages/overview/useRangeAuthorizations';

/** An authorization at noon local time on a day of November 2026. */
function auth(day: number, fields: Partial<Authorization>): Authorization {
  return {
    _id: `a${day}-${Math.random()}`,
    amount: 0,
    createdAt: new Date(2026, 10, day, 12, 0).toISOString(),
    ...fields,
  };
}

const range = { fromDate: '2026-11-01', toDate: '2026-11-05' };

describe('summarize', () => {
  it('lists every day of the range, with no rate on days without authorizations', () => {
    const s = summarize([], range);
    expect(s.days.map((d) => d.date)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']);
    expect(s.days.every((d) => d.total === 0 && d.approvalRate === null)).toBe(true);
    expect(s.count).toBe(0);
    expect(s.approvalRate).toBeNull();
  });

  it('counts approved and not approved per day, with the day rate and the range rate', () => {
    const s = summarize(
      [
        auth(2, { approved: true, currency: 'NGN', amount: 1000.1 }),
        auth(2, { approved: true, currency: 'NGN', amount: 500.2 }),
        auth(2, { approved: false, currency: 'NGN', amount: 70 }),
        auth(4, { approved: true, currency: 'USD', amount: 12.5 }),
      ],
      range,
    );
    const day2 = s.days.find((d) => d.date === '2026-11-02')!;
    expect(day2).toMatchObject({ approved: 2, declined: 1, total: 3, approvalRate: 66.67 });
    expect(day2.approvedAmount).toEqual({ NGN: 1500.3 });
    expect(day2.declinedAmount).toEqual({ NGN: 70 });
    expect(s.days.find((d) => d.date === '2026-11-04')!.approvedAmount).toEqual({ USD: 12.5 });
    expect(s.count).toBe(4);
    expect(s.approved).toBe(3);
    expect(s.approvalRate).toBe(75);
    expect(s.approvedAmount).toEqual({ NGN: 1500.3, USD: 12.5 });
    expect(s.currencies).toEqual(['NGN', 'USD']);
  });

  it('sums approved spend by merchant category per currency, largest first, leaving out declines', () => {
    const s = summarize(
      [
        auth(1, { approved: true, currency: 'NGN', amount: 300, merchant: { category: '5411' } }),
        auth(1, { approved: true, currency: 'NGN', amount: 900, merchant: { category: '5814' } }),
        auth(3, { approved: true, currency: 'NGN', amount: 200, merchant: { category: '5411' } }),
        auth(3, { approved: false, currency: 'NGN', amount: 5000, merchant: { category: '6011' } }),
      ],
      range,
    );
    expect(s.categories.NGN).toEqual([
      { category: '5814', label: 'Fast food', count: 1, amount: 900 },
      { category: '5411', label: 'Groceries and supermarkets', count: 2, amount: 500 },
    ]);
  });

  it('keeps a record from just outside the local range as its own day', () => {
    const s = summarize([auth(6, { approved: true, currency: 'NGN', amount: 1 })], range);
    expect(s.days.at(-1)).toMatchObject({ date: '2026-11-06', approved: 1 });
    expect(s.days).toHaveLength(6);
  });
});

describe('daysBetween and topCategories', () => {
  it('gives no days for a reversed range', () => {
    expect(daysBetween('2026-11-05', '2026-11-01')).toEqual([]);
  });

  it('folds the smaller categories into one', () => {
    const list = Array.from({ length: 12 }, (_, i) => ({
      category: String(5000 + i),
      label: `C${i}`,
      count: 1,
      amount: 120 - i * 10,
    }));
    const top = topCategories(list, 8);
    expect(top).toHaveLength(9);
    expect(top.at(-1)).toEqual({ category: 'other', label: 'Other categories', count: 4, amount: 40 + 30 + 20 + 10 });
  });
});

describe('nextOverviewPage', () => {
  const fetched = (page: number, pages: number, rows = 100) => ({
    data: Array.from({ length: rows }, (_, i) => ({ _id: `${page}-${i}`, amount: 1 })),
    pagination: { page, pages, total: pages * 100, limit: 100 },
  });

  it('walks the pages of the range and stops at its end', () => {
    expect(nextOverviewPage(fetched(0, 3), [fetched(0, 3)])).toBe(1);
    expect(nextOverviewPage(fetched(2, 3), [fetched(0, 3), fetched(1, 3), fetched(2, 3)])).toBeUndefined();
  });

  it(`stops at ${OVERVIEW_PAGE_CAP} pages however many the range has`, () => {
    const loaded = Array.from({ length: OVERVIEW_PAGE_CAP }, (_, i) => fetched(i, 40));
    expect(nextOverviewPage(loaded.at(-1)!, loaded)).toBeUndefined();
    expect(nextOverviewPage(loaded[OVERVIEW_PAGE_CAP - 2]!, loaded.slice(0, -1))).toBe(OVERVIEW_PAGE_CAP - 1);
  });

  it('ends on an empty page, or on a short page when the server sends no pagination', () => {
    expect(
      nextOverviewPage({ data: [], pagination: { page: 0, pages: 5, total: 500, limit: 100 } }, []),
    ).toBeUndefined();
    expect(nextOverviewPage({ data: fetched(0, 1, 40).data }, [{ data: [] }])).toBeUndefined();
    expect(nextOverviewPage({ data: fetched(0, 1).data }, [{ data: [] }])).toBe(1);
  });
});
