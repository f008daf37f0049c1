// Overview in Chromium against the real handlers and the local sandbox: headline figures computed from
// the range's authorizations, accessible charts, range changes, leaving mid-load, the error state.
import { subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../src-shared/api/records';
import { dayText, toDateInput } from '../../src-renderer/lib/format';
import { sandboxAll, sandboxGet } from '../support/sandbox-api';
import { appWith, openFresh } from './shared-app';

// A GET's attempts spaced by 50 ms rather than the client's 500 ms (doubling): the error state's test sits
// through a round of four against a 503, which proves no more for the wait.
const app = appWith({ sandbox: { seed: 7070, customers: 200 }, apiClient: { retry: { baseDelayMs: 50 } } }, 'journal');
const page = () => app.e2e.page;
const main = () => page().getByRole('main');
const today = toDateInput(new Date());
const monthAgo = toDateInput(subDays(new Date(), 29));
const weekAgo = toDateInput(subDays(new Date(), 6));
const quarterAgo = toDateInput(subDays(new Date(), 89));

const money = (n: number, currency: string) =>
  `${currency === 'USD' ? '$' : '₦'}${n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figures the page should show, from the sandbox's own answer for the range. */
async function expectedFigures(from: string, to: string) {
  const all = await sandboxAll<Authorization>(app.sandbox, `/cards/authorizations?fromDate=${from}&toDate=${to}`);
  const approved = all.filter((a) => a.approved === true);
  const sum = (currency: string) =>
    Math.round(approved.filter((a) => a.currency === currency).reduce((n, a) => n + a.amount, 0) * 100) / 100;
  return {
    total: all.length,
    approved: approved.length,
    rate: `${((approved.length / all.length) * 100).toFixed(1)}%`,
    ngn: money(sum('NGN'), 'NGN'),
    usd: money(sum('USD'), 'USD'),
  };
}

async function waitUntilLoaded(): Promise<void> {
  await main()
    .getByRole('status')
    .filter({ hasText: /^Based on all [\d,]+ authorizations in the range\.$/ })
    .waitFor({ timeout: 30_000 });
}

/** The Overview of the last 30 days (its default), freshly loaded. */
async function openOverview(): Promise<void> {
  await openFresh(app.e2e, 'overview');
  await waitUntilLoaded();
}

describe('Overview', () => {
  it('shows the headline figures of the last 30 days, computed from every authorization of the range', async () => {
    await openOverview();
    await page().getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await main().getByLabel('From date').inputValue()).toBe(dayText(monthAgo));
    const want = await expectedFigures(monthAgo, today);
    expect(want.total).toBeGreaterThan(100);
    expect(await page().getByTestId('headline-total').textContent()).toBe(want.total.toLocaleString('en'));
    expect(await page().getByTestId('headline-approval-rate').textContent()).toBe(want.rate);
    expect(await page().getByTestId('headline-amount-NGN').textContent()).toBe(want.ngn);
    expect(await page().getByTestId('headline-amount-USD').textContent()).toBe(want.usd);
    // Every page of the range was fetched, a hundred at a time.
    const pages = app.sandbox
      .requests()
      .filter((r) => r.url.startsWith('/cards/authorizations?') && r.url.includes(`fromDate=${monthAgo}`));
    expect(pages.map((r) => new URL(r.url, 'http://x').searchParams.get('limit'))).toContain('100');
    await app.e2e.screenshot('overview');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('draws three charts with accessible names and a data table for screen readers', async () => {
    await openOverview();
    const want = await expectedFigures(monthAgo, today);
    const charts = main().getByRole('img', {
      name: /^(Authorizations per day|Amount per day|Spend by merchant category)/,
    });
    // The charts' code loads on first use: they appear once it has arrived.
    await expect.poll(() => charts.count(), { timeout: 60_000 }).toBe(3);
    const volume = main().getByRole('img', { name: /^Authorizations per day\./ });
    expect(await volume.getAttribute('aria-label')).toContain(
      `${want.total.toLocaleString('en')} authorizations over 30 days`,
    );
    await main()
      .getByRole('img', { name: /^Amount per day \(NGN\)\./ })
      .waitFor();
    await main()
      .getByRole('img', { name: /^Spend by merchant category \(NGN\)\./ })
      .waitFor();
    // Recharts drew bars inside each picture.
    expect(await volume.locator('svg .recharts-bar-rectangle').count()).toBeGreaterThan(10);
    // The hidden table holds each day: its approved column adds up to the approved count.
    const table = main().getByRole('table', { name: 'Authorizations per day' });
    const approvedCells = await table.locator('tbody tr td:nth-of-type(1)').allTextContents();
    expect(approvedCells.length).toBeGreaterThanOrEqual(30);
    expect(approvedCells.reduce((n, c) => n + Number(c), 0)).toBe(want.approved);
  });

  it('switches the amount charts to USD and follows a new range', async () => {
    await openOverview();
    // The currency lives in the page's address: the radio shows it once the route has changed, not at the click.
    const usd = main().getByRole('radio', { name: 'USD' });
    await usd.click();
    await expect.poll(() => usd.isChecked(), { timeout: 60_000 }).toBe(true);
    await main()
      .getByRole('img', { name: /^Spend by merchant category \(USD\)\./ })
      .waitFor();
    await main()
      .getByRole('img', { name: /^Amount per day \(USD\)\./ })
      .waitFor();

    await main().getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => main().getByLabel('From date').inputValue()).toBe(dayText(weekAgo));
    await waitUntilLoaded();
    const week = await expectedFigures(weekAgo, today);
    await expect.poll(() => page().getByTestId('headline-total').textContent()).toBe(week.total.toLocaleString('en'));
    expect(await page().getByTestId('headline-approval-rate').textContent()).toBe(week.rate);
    expect(await page().getByTestId('headline-amount-NGN').textContent()).toBe(week.ngn);
    const link = main().getByRole('link', { name: 'Open these authorizations' });
    expect(await link.getAttribute('href')).toBe(`#/authorizations?fromDate=${weekAgo}&toDate=${today}`);
  });

  it('stops fetching pages when the user leaves mid-load', { timeout: 180_000 }, async () => {
    const first = await sandboxGet<Authorization[]>(
      app.sandbox,
      `/cards/authorizations?fromDate=${quarterAgo}&toDate=${today}&page=0&limit=100`,
    );
    expect(first.pagination!.pages).toBeGreaterThanOrEqual(3);
    const rangeRequests = () =>
      app.sandbox
        .requests()
        .filter((r) => r.url.startsWith('/cards/authorizations?') && r.url.includes(`fromDate=${quarterAgo}`));
    // Leaving must cancel the page in flight in main (app.cancel), after which nothing asks for more pages.
    const { cancels } = app.e2e.harness.core;
    const cancel = cancels.cancel.bind(cancels);
    const cancelledInFlight: string[] = [];
    cancels.cancel = (requestId) => {
      const found = cancel(requestId);
      if (found) cancelledInFlight.push(requestId);
      return found;
    };
    app.sandbox.faults.add({ kind: 'latency', ms: 1_500, endpoint: 'GET /cards/authorizations' });
    try {
      await app.e2e.open(`overview?fromDate=${quarterAgo}&toDate=${today}`);
      await main()
        .getByRole('status')
        .filter({ hasText: /^Loading authorizations: 100 of/ })
        .waitFor({ timeout: 60_000 });
      // From here on a page is never answered: the page after the one in flight hangs, so a page is in
      // flight when the user leaves however slow the machine is.
      app.sandbox.faults.add({ kind: 'hang', endpoint: 'GET /cards/authorizations' });
      await page().getByRole('link', { name: 'Accounts' }).click();
      await page().getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
      const atLeave = rangeRequests().length;
      await expect.poll(() => cancelledInFlight.length, { timeout: 60_000 }).toBeGreaterThan(0);
      expect(rangeRequests().length).toBe(atLeave);
      expect(atLeave).toBeLessThan(first.pagination!.pages + 1);
    } finally {
      cancels.cancel = cancel;
      app.sandbox.faults.clear();
    }
  });

  it(
    'shows the API message with Retry when the service fails, and the figures once it recovers',
    { timeout: 90_000 },
    async () => {
      app.sandbox.faults.add({ kind: 'status', status: 503, endpoint: 'GET /cards/authorizations', count: 8 });
      try {
        await openFresh(app.e2e, 'overview');
        const alert = main().getByRole('alert').filter({ hasText: 'Service unavailable' });
        await alert.waitFor({ timeout: 30_000 });
        expect(await page().getByTestId('headline-total').count()).toBe(0);
        await app.e2e.screenshot('overview-error');
      } finally {
        app.sandbox.faults.clear();
      }
      await main().getByRole('button', { name: 'Retry' }).click();
      await waitUntilLoaded();
      const want = await expectedFigures(monthAgo, today);
      expect(await page().getByTestId('headline-total').textContent()).toBe(want.total.toLocaleString('en'));
    },
  );
});
