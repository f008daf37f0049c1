// Disputes page in Chromium against the real handlers and the local sandbox: reason labels, paging,
// copying a transaction id from the detail (through main's clipboard, with no clipboard permission; the row
// names the transaction by merchant and amount, not by its id), the detail drawer, CSV export, the error state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dispute } from '../../src-shared/api/records';
import { exportCsvFrom } from './exported-csv';
import { sandboxAll, sandboxGet } from '../support/sandbox-api';
import { formatDateTime } from '../../src-renderer/lib/format';
import { itShowsTheErrorStateWithRetry, listPageApp } from './shared-app';

const app = listPageApp({
  sandbox: { seed: 5150, customers: 200 },
  route: 'disputes',
  table: 'Disputes',
});
const page = () => app.e2e.page;
const main = () => page().getByRole('main');
const LABELS: Record<string, string> = {
  not_received: 'Not received',
  fraudulent: 'Fraudulent',
  duplicate: 'Duplicate charge',
  product_not_as_described: 'Product not as described',
  service_not_as_described: 'Service not as described',
  canceled: 'Cancelled',
  other: 'Other',
};

describe('Disputes', () => {
  it('lists disputes with a readable reason, status, explanation and transaction, as the sandbox answers', async () => {
    await page().getByRole('heading', { level: 1, name: 'Disputes' }).waitFor();
    const expected = await sandboxGet<Dispute[]>(app.sandbox, '/cards/disputes?page=0&limit=25');
    expect(expected.pagination!.total).toBeGreaterThan(10);
    expect(await app.rowCount()).toBe(expected.data.length);
    expect(await app.pagerText()).toBe(`Page 1 of 1 · ${expected.pagination!.total} in all`);
    for (let i = 0; i < 5; i++) {
      const d = expected.data[i]!;
      const text = await app.rowText(i);
      expect(text).toContain(LABELS[d.reason!]!);
      expect(text).not.toMatch(/[a-z]+_[a-z_]+/);
      expect(text).toContain(d.status![0]!.toUpperCase() + d.status!.slice(1));
      expect(text).toContain(formatDateTime(d.createdAt));
      expect(text).not.toContain(d.transaction!.slice(-8));
    }
    await app.e2e.screenshot('disputes');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it("copies a transaction id from a dispute's detail", async () => {
    const first = (await sandboxGet<Dispute[]>(app.sandbox, '/cards/disputes?page=0&limit=25')).data[0]!;
    await app.rows().first().click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('button', { name: 'Copy transaction id' }).click();
    await dialog.getByRole('button', { name: 'Copy transaction id' }).filter({ hasText: 'Copied' }).waitFor();
    // Through main's clipboard (the harness keeps it in a file): the page has no clipboard permission.
    expect(readFileSync(join(app.e2e.harness.dataDir, 'clipboard.txt'), 'utf8')).toBe(first.transaction);
    await app.closeWithEscape();
  });

  it('pages through the server with a smaller page size, and back', async () => {
    await app.choosePageSize(10);
    const [p0, p1] = await Promise.all([
      sandboxGet<Dispute[]>(app.sandbox, '/cards/disputes?page=0&limit=10'),
      sandboxGet<Dispute[]>(app.sandbox, '/cards/disputes?page=1&limit=10'),
    ]);
    await expect.poll(() => app.pagerText()).toBe(`Page 1 of ${p0.pagination!.pages} · ${p0.pagination!.total} in all`);
    await app.waitForRows();
    expect(await app.rowCount()).toBe(10);
    await page().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => app.pagerText()).toMatch(/^Page 2 of/);
    await app.waitForRows();
    expect(await app.rowCount()).toBe(p1.data.length);
    expect(await app.rowText(0)).toContain(formatDateTime(p1.data[0]!.createdAt));
    expect(p1.data.map((d) => d._id)).not.toContain(p0.data[0]!._id);
    await app.choosePageSize(25);
    await expect.poll(() => app.pagerText()).toMatch(/^Page 1 of 1/);
  });

  it('opens a detail with the keyboard showing every field; Escape closes it', async () => {
    const d = (await sandboxGet<Dispute[]>(app.sandbox, '/cards/disputes?page=0&limit=25')).data[1]!;
    const dialog = await app.openRowWithKeyboard(1);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(`${LABELS[d.reason!]} (${d.reason})`);
    expect(text).toContain(d.explanation!);
    expect(text).toContain(d.transaction!.slice(-8));
    for (const [k, v] of Object.entries(d.metadata ?? {})) expect(text).toContain(`${k}: ${String(v)}`);
    expect(await dialog.getByRole('button', { name: 'Copy transaction id' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Copy dispute id' }).count()).toBe(1);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('disputes-detail');
    await app.closeWithEscape();
  });

  it('exports every dispute as CSV, matching the sandbox', async () => {
    const csv = await exportCsvFrom(main());
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    const expected = await sandboxAll<Dispute>(app.sandbox, '/cards/disputes');
    expect(csv.reportedRows).toBe(expected.length);
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((d) => d._id));
    expect(csv.rows.map((r) => r.transactionId)).toEqual(expected.map((d) => d.transaction));
  });

  it('filters by status and date over every dispute, in the address, and exports the same', async () => {
    const all = await sandboxAll<Dispute>(app.sandbox, '/cards/disputes');
    const days = [...new Set(all.map((d) => d.createdAt!.slice(0, 10)))].sort();
    const from = days[Math.floor(days.length / 3)]!;
    const expected = all.filter((d) => d.status === 'pending' && d.createdAt!.slice(0, 10) >= from);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    await main().getByLabel('Status').selectOption('pending');
    await main().getByLabel('From date').fill(from);
    await expect.poll(() => app.pagerText()).toContain(`${expected.length} in all`);
    for (const part of ['status=pending', `fromDate=${from}`]) expect(page().url()).toContain(part);
    expect(await app.e2e.axeViolations()).toEqual([]);
    const csv = await exportCsvFrom(main());
    expect(csv.promised, 'the count on the export button').toBe(expected.length);
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((d) => d._id));
  });

  itShowsTheErrorStateWithRetry(app, 'GET /cards/disputes');
});
