// Funding sources page in Chromium against the real handlers and the local sandbox: the list, a detail
// fetched by id, the look-up by id with the service's answers, CSV export, the error state.
import { describe, expect, it } from 'vitest';
import type { FundingSource } from '../../src-shared/api/records';
import { exportCsvFrom } from './exported-csv';
import { sandboxAll, sandboxGet } from '../support/sandbox-api';
import { itShowsTheErrorStateWithRetry, listPageApp } from './shared-app';

const app = listPageApp({ sandbox: { seed: 6262, customers: 30 }, route: 'funding-sources', table: 'Funding sources' });
const page = () => app.e2e.page;
const main = () => page().getByRole('main');
const lookupField = () => main().getByLabel('Look up by id');
const requestsTo = (path: string) => app.sandbox.requests().filter((r) => r.url.split('?')[0] === path);

describe('Funding sources', () => {
  it('lists the funding sources with type, status and dates, as the sandbox answers', async () => {
    await page().getByRole('heading', { level: 1, name: 'Funding sources' }).waitFor();
    const expected = await sandboxGet<FundingSource[]>(app.sandbox, '/fundingsources?page=0&limit=25');
    expect(await app.rowCount()).toBe(expected.data.length);
    expect(await app.pagerText()).toBe(`Page 1 of 1 · ${expected.pagination!.total} in all`);
    for (let i = 0; i < expected.data.length; i++) {
      const f = expected.data[i]!;
      const text = await app.rowText(i);
      expect(text).toContain(f._id.slice(-8));
      expect(text.toLowerCase()).toContain(f.type!);
      expect(text.toLowerCase()).toContain(f.status!);
    }
    await app.e2e.screenshot('funding-sources');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('asks the server for the chosen page size; with one page there is no next page', async () => {
    app.sandbox.clearRequests();
    await app.choosePageSize(50);
    await expect
      .poll(() => requestsTo('/fundingsources').map((r) => r.url))
      .toContain('/fundingsources?page=0&limit=50');
    await app.waitForRows();
    expect(await app.pagerText()).toMatch(/^Page 1 of 1 · \d+ in all$/);
    expect(await page().getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });

  it('opens a detail fetched by id; Escape closes it', async () => {
    const f = (await sandboxGet<FundingSource[]>(app.sandbox, '/fundingsources?page=0&limit=25')).data[1]!;
    app.sandbox.clearRequests();
    const dialog = await app.openRowWithKeyboard(1);
    await dialog.getByText('Funding source id').waitFor();
    await expect.poll(() => requestsTo(`/fundingsources/${f._id}`).length).toBe(1);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(f._id.slice(-8));
    expect(text.toLowerCase()).toContain(f.status!);
    expect(text.toLowerCase()).toContain(f.type!);
    expect(await dialog.getByRole('button', { name: 'Copy funding source id' }).count()).toBe(1);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('funding-sources-detail');
    await app.closeWithEscape();
  });

  it('shows the service failing a detail, with Retry', { timeout: 180_000 }, async () => {
    const f = (await sandboxGet<FundingSource[]>(app.sandbox, '/fundingsources?page=0&limit=25')).data[2]!;
    app.sandbox.faults.add({ kind: 'status', status: 503, endpoint: 'GET /fundingsources/:id', count: 4 });
    try {
      const dialog = await app.openRowWithKeyboard(2);
      const alert = dialog.getByRole('alert').filter({ hasText: 'Service unavailable' });
      await alert.waitFor({ timeout: 30_000 });
      app.sandbox.faults.clear();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await dialog.getByText(f._id.slice(-8)).waitFor();
      await app.closeWithEscape();
    } finally {
      app.sandbox.faults.clear();
    }
  });

  it('looks up a funding source by id and opens it', async () => {
    const f = (await sandboxGet<FundingSource[]>(app.sandbox, '/fundingsources?page=0&limit=25')).data[0]!;
    await lookupField().fill(f._id);
    await main().getByRole('button', { name: 'Look up' }).click();
    const found = main().getByRole('region', { name: 'Funding source found' });
    await found.waitFor();
    expect(await found.textContent()).toContain(f._id.slice(-8));
    await found.getByRole('button', { name: 'Open details' }).click();
    await page().getByRole('dialog').getByText(f._id.slice(-8)).waitFor();
    await app.closeWithEscape();
  });

  it("shows the service's message for an id that does not exist, and names the field for a malformed id", async () => {
    const unknown = 'ffffffffffffffffffffffff';
    app.sandbox.clearRequests();
    await lookupField().fill(unknown);
    await main().getByRole('button', { name: 'Look up' }).click();
    await main().getByRole('alert').filter({ hasText: 'Funding source not found' }).waitFor();
    expect(requestsTo(`/fundingsources/${unknown}`).map((r) => r.status)).toEqual([404]);

    app.sandbox.clearRequests();
    await lookupField().fill('not-an-id');
    await main().getByRole('button', { name: 'Look up' }).click();
    await main().getByRole('alert').filter({ hasText: 'Funding source id must be a 24-character id' }).waitFor();
    expect(await lookupField().getAttribute('aria-invalid')).toBe('true');
    // Checked before sending: nothing reached the service.
    expect(app.sandbox.requests().filter((r) => r.url.startsWith('/fundingsources/'))).toEqual([]);
    await app.e2e.screenshot('funding-sources-lookup');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('exports every funding source as CSV, matching the sandbox', async () => {
    const csv = await exportCsvFrom(main().locator('.toolbar'));
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    const expected = await sandboxAll<FundingSource>(app.sandbox, '/fundingsources');
    expect(csv.reportedRows).toBe(expected.length);
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((f) => f._id));
    expect(csv.rows.map((r) => r.status)).toEqual(expected.map((f) => f.status));
  });

  itShowsTheErrorStateWithRetry(app, 'GET /fundingsources');
});
