// Authorizations page in Chromium against the real handlers and the local sandbox: date range, the
// approved filter, paging, the detail drawer, CSV export, the error state.
import { subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Authorization, Card, Customer } from '../../src-shared/api/records';
import { dayText, toDateInput } from '../../src-renderer/lib/format';
import { declineReason } from '../../src-shared/api/decline-reason';
import { exportCsvFrom } from './exported-csv';
import { sandboxAll, sandboxGet } from '../support/sandbox-api';
import { itShowsTheErrorStateWithRetry, listPageApp } from './shared-app';

const app = listPageApp({ sandbox: { seed: 3131, customers: 150 }, route: 'authorizations', table: 'Authorizations' });
const page = () => app.e2e.page;
const main = () => page().getByRole('main');
const today = toDateInput(new Date());
const monthAgo = toDateInput(subDays(new Date(), 29));
const weekAgo = toDateInput(subDays(new Date(), 6));

const list = (from: string, to: string, pageIndex: number, limit: number) =>
  sandboxGet<Authorization[]>(
    app.sandbox,
    `/cards/authorizations?fromDate=${from}&toDate=${to}&page=${pageIndex}&limit=${limit}`,
  );

describe('Authorizations', () => {
  it('shows the last 30 days by default, as the sandbox answers, with merchant, amount, card and customer', async () => {
    await page().getByRole('heading', { level: 1, name: 'Authorizations' }).waitFor();
    // Days read as the app writes them, day first (28 Nov 2026), whatever the computer's locale.
    expect(await main().getByLabel('From date').inputValue()).toBe(dayText(monthAgo));
    expect(await main().getByLabel('To date').inputValue()).toBe(dayText(today));
    const expected = await list(monthAgo, today, 0, 25);
    expect(expected.pagination!.total).toBeGreaterThan(25);
    expect(await app.pagerText()).toBe(
      `Page 1 of ${expected.pagination!.pages} · ${expected.pagination!.total} in all`,
    );
    expect(await app.rowCount()).toBe(25);
    for (let i = 0; i < 6; i++) {
      const a = expected.data[i]!;
      const text = await app.rowText(i);
      expect(text).toContain(a.merchant!.name!);
      expect(text).toContain((a.card as Card).maskedPan!.slice(-4));
      expect(text).toContain((a.customer as Customer).name!);
      expect(text).toContain(a.approved ? 'Approved' : 'Not approved');
      const reason = declineReason(a);
      if (reason) expect(text).toContain(reason);
      const symbol = a.currency === 'USD' ? '$' : '₦';
      expect(text).toContain(
        `${symbol}${a.amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
      expect(text).toContain(`fee ${symbol}`);
    }
    await app.e2e.screenshot('authorizations');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('filters by date range, and by approved over the whole range', async () => {
    // A month-first date is not a day here: said on the field once it is left, and nothing changes.
    await main().getByLabel('From date').fill('10/30/2026');
    await main().getByLabel('To date').focus();
    await main().getByRole('alert').filter({ hasText: 'From date: write a day such as' }).waitFor();
    expect(page().url()).not.toContain('fromDate=2026-10-30');
    // Typed as the app writes it, day first.
    await main().getByLabel('From date').fill(dayText(weekAgo));
    await expect.poll(() => page().url()).toContain(`fromDate=${weekAgo}`);
    await app.waitForRows();
    const week = await list(weekAgo, today, 0, 25);
    const month = await list(monthAgo, today, 0, 25);
    expect(week.pagination!.total).toBeLessThan(month.pagination!.total);
    await expect.poll(() => app.pagerText()).toContain(`${week.pagination!.total} in all`);
    expect(await app.rowText(0)).toContain(week.data[0]!.merchant!.name!);

    // "Not approved" applies to every authorization of the range, fetched page by page; the count says so.
    await main().getByLabel('From date').fill(monthAgo);
    await app.waitForRows();
    const inRange = await sandboxAll<Authorization>(
      app.sandbox,
      `/cards/authorizations?fromDate=${monthAgo}&toDate=${today}`,
    );
    expect(inRange.length).toBeGreaterThan(100); // more than one page at the largest size
    const declined = inRange.filter((a) => a.approved !== true);
    expect(declined.length).toBeGreaterThan(0);
    await main().getByLabel('Approved').selectOption('no');
    await expect
      .poll(() => page().getByTestId('range-count').textContent())
      .toBe(`${declined.length} unapproved of ${inRange.length} in range`);
    await expect
      .poll(() => app.pagerText())
      .toBe(`Page 1 of ${Math.ceil(declined.length / 25)} · ${declined.length} in all`);
    expect(await app.rowCount()).toBe(Math.min(25, declined.length));
    for (let i = 0; i < Math.min(declined.length, 5); i++) {
      const text = await app.rowText(i);
      expect(text).toContain('Not approved');
      expect(text).toContain(declined[i]!.merchant!.name!);
    }
    await app.e2e.screenshot('authorizations-filtered');
    expect(await app.e2e.axeViolations()).toEqual([]);

    // The export writes exactly what the filter shows, and says how many it read.
    const csv = await exportCsvFrom(main());
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    expect(csv.reportedRows).toBe(declined.length);
    expect(csv.rows.map((r) => r.id)).toEqual(declined.map((a) => a._id));
    await main()
      .getByRole('status')
      .filter({ hasText: `Saved ${declined.length} rows (of ${inRange.length.toLocaleString('en')} read)` })
      .waitFor();

    await main().getByLabel('Approved').selectOption('yes');
    const approved = inRange.length - declined.length;
    await expect
      .poll(() => page().getByTestId('range-count').textContent())
      .toBe(`${approved.toLocaleString('en')} approved of ${inRange.length.toLocaleString('en')} in range`);
    await main().getByLabel('Approved').selectOption('all');
    await app.waitForRows();
    expect(await page().getByTestId('range-count').count()).toBe(0);
  });

  it('rejects a reversed range with the shared rule, naming the fields', async () => {
    await main().getByLabel('From date').fill(today);
    await main().getByLabel('To date').fill(weekAgo);
    await main().getByRole('alert').filter({ hasText: 'From date must not be after To date' }).first().waitFor();
    await main().getByRole('button', { name: '30 days' }).click();
    await app.waitForRows();
    expect(await main().getByLabel('From date').inputValue()).toBe(dayText(monthAgo));
  });

  it('says so when the range has no authorizations', async () => {
    await main().getByLabel('From date').fill('2020-01-01');
    await main().getByLabel('To date').fill('2020-01-31');
    await main().getByRole('status').filter({ hasText: 'No authorizations in this date range.' }).waitFor();
    expect((await list('2020-01-01', '2020-01-31', 0, 25)).pagination!.total).toBe(0);
    expect(await app.rows().count()).toBe(0);
    await app.e2e.screenshot('authorizations-empty');
  });

  it('pages through the server and changes the page size', async () => {
    const [p0, p1] = await Promise.all([list(monthAgo, today, 0, 25), list(monthAgo, today, 1, 25)]);
    await page().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => app.pagerText()).toMatch(/^Page 2 of/);
    await app.waitForRows();
    await expect.poll(() => app.rowText(0)).toContain(p1.data[0]!.merchant!.name!);
    expect(p1.data[0]!._id).not.toBe(p0.data[0]!._id);
    await app.choosePageSize(50);
    const big = await list(monthAgo, today, 0, 50);
    await expect
      .poll(() => app.pagerText())
      .toBe(`Page 1 of ${big.pagination!.pages} · ${big.pagination!.total} in all`);
    await app.waitForRows();
    expect(await app.rowCount()).toBe(big.data.length);
  });

  it('opens a detail with terminal, verification, request history and fees; Escape closes it', async () => {
    const a = (await list(monthAgo, today, 0, 25)).data[1]!;
    const dialog = await app.openRowWithKeyboard(1);
    expect(await dialog.getAttribute('aria-label')).toBe(`Authorization at ${a.merchant!.name}`);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(a.terminal!.terminalId!);
    expect(text).toContain(a.terminal!.rrn!);
    expect(text).toContain(a.merchant!.merchantId!);
    expect(text).toContain((a.card as Card).maskedPan!.slice(-4));
    expect(text).toContain((a.customer as Customer).name!);
    for (const title of ['Terminal', 'Verification', 'Request history', 'Fee details', 'Merchant']) {
      await dialog.getByRole('region', { name: title }).waitFor();
    }
    const history = dialog.getByRole('region', { name: 'Request history' });
    expect(await history.getByRole('row').count()).toBe(a.requestHistory!.length + 1);
    const fees = dialog.getByRole('region', { name: 'Fee details' });
    for (const f of a.feeDetails!) expect(await fees.textContent()).toContain(f!.description!);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('authorizations-detail');
    await app.closeWithEscape();
  });

  it('exports every authorization of the range as CSV, matching the sandbox', async () => {
    const csv = await exportCsvFrom(main());
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    const expected = await sandboxAll<Authorization>(
      app.sandbox,
      `/cards/authorizations?fromDate=${monthAgo}&toDate=${today}`,
    );
    expect(expected.length).toBeGreaterThan(25);
    expect(csv.reportedRows).toBe(expected.length);
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((a) => a._id));
  });

  it('at 1024×700 shows the last four of every card in the first rows whole', async () => {
    await page().setViewportSize({ width: 1024, height: 700 });
    try {
      await app.e2e.open('authorizations');
      await app.waitForRows();
      const expected = (await list(monthAgo, today, 0, 25)).data;
      const rows = app.rows();
      const visible = Math.min(8, await rows.count());
      expect(visible).toBeGreaterThan(3);
      for (let i = 0; i < visible; i++) {
        const a = expected[i]!;
        const four = (a.card as Card).maskedPan!.slice(-4);
        const tail = rows.nth(i).locator(`[data-last-four="${four}"] .pan-tail`);
        // Whole: the digits read in full, and inside their cell and the window.
        expect(await tail.textContent()).toBe(four);
        const clipped = await tail.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const cell = el.closest('.dt-cell')!.getBoundingClientRect();
          return box.right > cell.right + 0.5 || box.left < cell.left - 0.5 || box.right > window.innerWidth;
        });
        expect(clipped, `row ${i}: the last four ${four} are cut`).toBe(false);
      }
      await app.e2e.screenshot('authorizations-1024');
    } finally {
      await page().setViewportSize({ width: 1360, height: 860 });
    }
  });

  it('says why a declined authorization was declined: in its row, first in its drawer, and in the CSV', async () => {
    await main().getByLabel('Approved').selectOption('no');
    await app.waitForRows();
    const inRange = await sandboxAll<Authorization>(
      app.sandbox,
      `/cards/authorizations?fromDate=${monthAgo}&toDate=${today}`,
    );
    const declined = inRange.filter((a) => a.approved !== true);
    const first = declined[0]!;
    const reason = declineReason(first)!;
    expect(reason).toBeTruthy();
    await expect.poll(() => app.rowText(0)).toContain(reason);
    const dialog = await app.openRowWithKeyboard(0);
    const top = dialog.getByTestId('decline-reason');
    expect(await top.textContent()).toBe(`Declined: ${reason}`);
    // Above the summary: the first thing read after the title.
    const [reasonY, summaryY] = await Promise.all([
      top.evaluate((el) => el.getBoundingClientRect().top),
      dialog.getByRole('region', { name: 'Summary' }).evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(reasonY).toBeLessThan(summaryY);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.closeWithEscape();
    const csv = await exportCsvFrom(main());
    expect(csv.headers).toContain('declineReason');
    expect(csv.rows.map((r) => r.declineReason)).toEqual(declined.map((a) => declineReason(a) ?? ''));
  });

  it('filters by card, customer, merchant and amount over the whole range, in the address, and exports the same', async () => {
    await app.e2e.open('authorizations');
    await app.waitForRows();
    const inRange = await sandboxAll<Authorization>(
      app.sandbox,
      `/cards/authorizations?fromDate=${monthAgo}&toDate=${today}`,
    );
    const sample = inRange[3]!;
    const four = (sample.card as Card).maskedPan!.slice(-4);
    const byCard = inRange.filter((a) => (a.card as Card | undefined)?.maskedPan?.endsWith(four));
    const filters = page().getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Card').fill(four);
    await expect
      .poll(() => page().getByTestId('range-count').textContent())
      .toBe(`${byCard.length} matching of ${inRange.length} in range`);
    expect(page().url()).toContain(`card=${four}`);

    // Customer by name, merchant by part of its name, and an amount range, all together.
    const customerName = (sample.customer as Customer).name!;
    const merchant = sample.merchant!.name!.slice(0, 4).toLowerCase();
    await filters.getByLabel('Card').fill('');
    await filters.getByLabel('Customer').fill(customerName);
    await filters.getByLabel('Merchant').fill(merchant);
    await filters.getByLabel('Amount from').fill('1');
    await filters.getByLabel('Amount to').fill(String(Math.ceil(sample.amount)));
    const expected = inRange.filter(
      (a) =>
        (a.customer as Customer | undefined)?.name?.toLowerCase().includes(customerName.toLowerCase()) &&
        a.merchant?.name?.toLowerCase().includes(merchant) &&
        a.amount >= 1 &&
        a.amount <= Math.ceil(sample.amount),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect
      .poll(() => page().getByTestId('range-count').textContent())
      .toBe(`${expected.length} matching of ${inRange.length} in range`);
    for (const part of ['customer=', 'merchant=', 'minAmount=1', 'maxAmount=']) expect(page().url()).toContain(part);
    // A reload keeps the filters (they are in the address).
    await page().reload();
    await expect
      .poll(() => page().getByTestId('range-count').textContent())
      .toBe(`${expected.length} matching of ${inRange.length} in range`);
    expect(await app.e2e.axeViolations()).toEqual([]);
    const csv = await exportCsvFrom(main());
    expect(csv.promised, 'the count on the export button').toBe(expected.length);
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((a) => a._id));
    await app.e2e.open('authorizations');
  });

  it('opens a linked range (as the Overview links to it)', async () => {
    // A day the sandbox has authorizations on (its dates are days in UTC, as the page sends them).
    const dayWithActivity = (await list(monthAgo, today, 0, 25)).data[5]!.createdAt!.slice(0, 10);
    await app.e2e.open(`authorizations?fromDate=${dayWithActivity}&toDate=${dayWithActivity}`);
    await expect.poll(() => main().getByLabel('From date').inputValue()).toBe(dayText(dayWithActivity));
    expect(await main().getByLabel('To date').inputValue()).toBe(dayText(dayWithActivity));
    const day = await list(dayWithActivity, dayWithActivity, 0, 25);
    expect(day.pagination!.total).toBeGreaterThan(0);
    await expect
      .poll(() => app.pagerText())
      .toBe(`Page 1 of ${day.pagination!.pages} · ${day.pagination!.total} in all`);
    expect(await app.rowText(0)).toContain(day.data[0]!.merchant!.name!);
  });

  itShowsTheErrorStateWithRetry(app, 'GET /cards/authorizations');
});
