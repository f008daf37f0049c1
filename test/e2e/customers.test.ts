// Customers page and Ctrl+K search, in Chromium against the real handlers, cache and local sandbox.
import { formatPhone } from '../../src-renderer/lib/format';
import { dobText } from '../../src-renderer/components/customers/customerFields';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import type { SyncProgress } from '../../src-shared/ipc/channels/customers';
import { agesBetween } from './ages';
import { exportCsvFrom } from './exported-csv';
import { sandboxAll } from '../support/sandbox-api';
import {
  fetchAllAuthorizations,
  screenshotWhole,
  syncCustomers,
  syncCustomersOnce,
  withOwnE2E,
  type E2E,
} from './support';
import { appWith, openFresh } from './shared-app';

const CUSTOMERS = 350;
const SANDBOX = { seed: 4242, customers: CUSTOMERS };
/** The app most tests share; each of them awaits `synced()` for a filled cache. */
const app = appWith({ sandbox: SANDBOX });
let all: Customer[] | undefined;

/** The shared app's cache filled by one full sync (whichever test asks first), and the sandbox's customers. */
async function synced(): Promise<Customer[]> {
  await syncCustomersOnce(app.e2e, CUSTOMERS);
  all ??= await sandboxAll<Customer>(app.e2e.harness.core.localSandbox()!, '/customers');
  return all;
}

/** When the last complete sync finished (Unix ms), as main reports it. */
async function lastSyncedAt(p: Page): Promise<number> {
  const status = await p.evaluate(() => window.cardDesk.customers.cacheStatus());
  const at = Date.parse((status.ok && status.data.lastSyncedAt) || '');
  expect(at).not.toBeNaN();
  return at;
}

/** A test on an app of its own, for a state the shared one has left behind (an empty cache, a running service). */
const withOwnApp = (test: (app: E2E) => Promise<void>) => withOwnE2E({ sandbox: SANDBOX }, test);

const page = () => app.e2e.page;
const searchBox = (p: Page = page()) => p.getByRole('searchbox', { name: 'Search customers' });
const table = (p: Page = page()) => p.getByRole('table', { name: 'Customers' });
const syncRegion = (p: Page = page()) => p.getByRole('region', { name: 'Offline customer cache' });
const summary = (p: Page = page()) => p.getByTestId('search-summary');

async function search(text: string, p: Page = page()): Promise<void> {
  await searchBox(p).fill(text);
  // The summary reflects the settled query once the debounced search has answered.
  await expect
    .poll(async () => (await summary(p).textContent()) ?? '', { timeout: 60_000 })
    .toMatch(/match|cached customers/);
}

describe('Customers', () => {
  it('offers a first sync when the cache is empty, and says so when searching it', () =>
    withOwnApp(async (app) => {
      await app.open('customers');
      await app.page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      await expect
        .poll(() => app.page.getByText('No customers are cached for this environment yet').count(), {
          timeout: 60_000,
        })
        .toBe(1);
      await expect.poll(() => app.page.getByRole('button', { name: 'Sync now' }).count(), { timeout: 60_000 }).toBe(2);
      await searchBox(app.page).fill('ada');
      await app.page.getByText('The customer cache is empty, so there is nothing to search').waitFor();
      await app.screenshot('customers-empty');
      expect(await app.axeViolations()).toEqual([]);
    }));

  it('syncs from the local sandbox with progress reaching 100%', () =>
    withOwnApp(async (app) => {
      const p = app.page;
      await app.open('customers');
      await expect
        .poll(() => p.getByTestId('cache-summary').textContent(), { timeout: 60_000 })
        .toMatch(/never synced/);
      await p.evaluate(() => {
        const w = window as unknown as { __progress: unknown[] };
        w.__progress = [];
        window.cardDesk.events.on('customers.syncProgress', (progress) => w.__progress.push(progress));
      });
      await syncRegion(p).getByRole('button', { name: 'Sync now' }).click();
      await expect.poll(() => p.getByTestId('sync-percent').textContent(), { timeout: 30_000 }).toBe('100%');
      // After the last page the cache still removes customers the service no longer lists.
      await expect
        .poll(() => p.getByTestId('sync-status').textContent(), { timeout: 30_000 })
        .toMatch(/^Sync complete/);
      const events = await p.evaluate<SyncProgress[]>(
        () => (window as unknown as { __progress: SyncProgress[] }).__progress,
      );
      expect(events.some((e) => e.phase === 'paging')).toBe(true);
      expect(events.at(-1)?.phase).toBe('done');
      expect(events.at(-1)?.customers).toBe(CUSTOMERS);
      await expect
        .poll(() => p.getByTestId('cache-summary').textContent())
        .toMatch(new RegExp(`^${CUSTOMERS} customers cached · synced`));
      const syncedAt = await lastSyncedAt(p);
      await expect
        .poll(async () => {
          const shown = await p.getByTestId('status-last-sync').textContent();
          return agesBetween(0, Date.now() - syncedAt).some((age) => shown === `Customers synced ${age}`);
        })
        .toBe(true);
      expect(await sandboxAll<Customer>(app.harness.core.localSandbox()!, '/customers')).toHaveLength(CUSTOMERS);
    }));

  it('"Sync now" fetches only what changed; "Full re-sync" fetches every page again', async () => {
    await synced();
    await openFresh(app.e2e, 'customers');
    await expect
      .poll(() => page().getByTestId('cache-summary').textContent(), { timeout: 60_000 })
      .toMatch(new RegExp(`^${CUSTOMERS} customers cached`));
    const sandbox = app.e2e.harness.core.localSandbox()!;
    sandbox.customers.add(5);
    sandbox.clearRequests();
    await syncRegion().getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => page().getByTestId('cache-summary').textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${CUSTOMERS + 5} customers cached`));
    const pagesOf = () =>
      sandbox
        .requests()
        .filter((r) => r.endpoint === 'GET /customers')
        .map((r) => Number(new URL(r.url, 'http://x').searchParams.get('page')));
    expect(pagesOf()).toEqual([3]); // 350 oldest first: the 5 new ones land on the last page
    sandbox.clearRequests();
    await syncRegion().getByRole('button', { name: 'Full re-sync' }).click();
    await expect.poll(() => pagesOf().length, { timeout: 30_000 }).toBe(4);
    await expect
      .poll(() => page().getByTestId('sync-status').textContent(), { timeout: 30_000 })
      .toMatch(/^Sync complete/);
    sandbox.customers.removeNewest(5);
    await syncRegion().getByRole('button', { name: 'Full re-sync' }).click();
    await expect
      .poll(() => page().getByTestId('cache-summary').textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${CUSTOMERS} customers cached`));
  });

  it('finds customers by name, email, national phone number and id prefix', async () => {
    const all = await synced();
    await openFresh(app.e2e, 'customers');
    const target = all[137]!;
    const searched = Date.now();
    await search(target.name!);
    await table().getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();
    // The cache's age as the search worked it out: "less than a minute" after a quick run, more on a slow one.
    const syncedAt = await lastSyncedAt(page());
    const age = /cache updated (.+)$/.exec((await summary().textContent()) ?? '')?.[1];
    expect(agesBetween(searched - syncedAt, Date.now() - syncedAt)).toContain(age);
    await app.e2e.screenshot('customers');
    expect(await app.e2e.axeViolations()).toEqual([]);
    // A search's rows come from the cache's readable columns alone, and still show every column filled.
    const found = table().getByRole('row').filter({ hasText: target.emailAddress! });
    expect((await found.getByRole('cell').allTextContents()).filter((t) => t.trim() === '—')).toEqual([]);
    expect(await table().getByRole('columnheader').allTextContents()).not.toContain('Type');

    await search(target.emailAddress!.toUpperCase());
    await table().getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();
    expect(await summary().textContent()).toMatch(/^1 match /);

    // The list gives +234…; staff type 080… (national form with the trunk 0).
    expect(target.phoneNumber).toMatch(/^\+234\d{10}$/);
    const national = `0${target.phoneNumber!.slice(4)}`;
    await search(national);
    await table().getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();

    const prefix = target._id.slice(0, 20);
    await search(prefix);
    await table().getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();
    const shown = await table().getByRole('row').count();
    expect(shown - 1).toBe(all.filter((c) => c._id.startsWith(prefix)).length);

    await search('zzqx-no-such-customer');
    await page().getByText('No cached customer matches “zzqx-no-such-customer”.').waitFor();
  });

  it('opens a customer with identity, KYC, contact, address, documents, cards and wallets', async () => {
    const all = await synced();
    await openFresh(app.e2e, 'customers');
    // The first customers hold the sandbox's cards and wallets.
    const holder = all[0]!;
    await search(holder.emailAddress!);
    await table().getByRole('rowgroup', { name: 'Customers rows' }).focus();
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/customers/${holder._id}$`));
    await page().getByRole('heading', { level: 1, name: holder.name! }).waitFor();
    const identity = page().getByRole('region', { name: 'Identity' });
    await identity.getByText(holder.individual!.identity!.number!).waitFor();
    expect(await identity.textContent()).toContain(dobText(holder.individual!.dob));
    await page()
      .getByRole('region', { name: 'KYC' })
      .getByText(holder.isApproved ? 'Approved' : 'Not approved', { exact: true })
      .waitFor();
    await page().getByText(formatPhone(holder.phoneNumber), { exact: true }).waitFor();
    await page().getByText(holder.billingAddress!.line1!, { exact: true }).waitFor();
    const docs = page().getByRole('region', { name: 'Documents' });
    await docs.getByText(holder.individual!.documents!.idFrontUrl!, { exact: true }).waitFor();
    // Remote links are text to copy, never links the app would follow.
    expect(await docs.locator('a').count()).toBe(0);
    await docs.getByRole('button', { name: 'Copy ID front link' }).waitFor();

    const fixtures = app.e2e.harness.core.localSandbox()!.fixtures;
    const walletsRegion = page().getByRole('region', { name: 'Wallets' });
    const wallets = await sandboxAll<{ _id: string; customer?: string; accountNumber: string }>(
      app.e2e.harness.core.localSandbox()!,
      '/accounts?type=wallet',
    );
    const own = wallets.filter((w) => w.customer === holder._id);
    expect(own.length).toBeGreaterThan(0);
    for (const w of own) await walletsRegion.getByText(w.accountNumber, { exact: true }).waitFor();

    // The page reads the customer's recent authorizations; once every authorization was fetched, all the
    // customer's cards show.
    await page()
      .getByRole('region', { name: "Recent authorizations on this customer's cards" })
      .getByText(/in the last 30 days|None in the last 30 days/)
      .waitFor();
    await fetchAllAuthorizations(page());
    await page().reload();
    await page().getByRole('heading', { level: 1, name: holder.name! }).waitFor();
    const holderCards = fixtures.cards.filter((c) => c.customerId === holder._id);
    const cardsTable = page().getByRole('table', { name: 'Cards of this customer' });
    await expect
      .poll(async () => (await cardsTable.getByRole('row').count()) - 1, { timeout: 60_000 })
      .toBe(holderCards.length);
    await screenshotWhole(app.e2e, 'customer-detail');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('exports every customer as CSV', async () => {
    const all = await synced();
    await openFresh(app.e2e, 'customers');
    const csv = await exportCsvFrom(
      page().getByRole('region', { name: 'Customers', exact: true }),
      `Export all ${CUSTOMERS} customers`,
    );
    expect(csv.reportedRows).toBe(CUSTOMERS);
    expect(csv.rows).toHaveLength(CUSTOMERS);
    expect(new Set(csv.rows.map((r) => r.id))).toEqual(new Set(all.map((c) => c._id)));
    expect(csv.rows.find((r) => r.id === all[5]!._id)?.emailAddress).toBe(all[5]!.emailAddress);
  });

  it('Ctrl+K opens a customer search; arrows and Enter open the customer; Escape closes', async () => {
    const all = await synced();
    await openFresh(app.e2e, 'cards');
    await page().keyboard.press('Control+k');
    const dialog = page().getByRole('dialog', { name: 'Search customers' });
    await dialog.waitFor();
    await page().keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const target = all[42]!;
    await page().keyboard.press('Control+k');
    await dialog.getByRole('combobox').fill(target.individual!.lastName!);
    const options = dialog.getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(8);
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('customer-search-dialog');
    await dialog.getByRole('combobox').fill(target.emailAddress!);
    await expect.poll(() => options.count()).toBe(1);
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('Enter');
    await page().waitForURL(new RegExp(`#/customers/${target._id}$`));
    await expect.poll(() => dialog.count()).toBe(0);
    await page().getByRole('heading', { level: 1, name: target.name! }).waitFor();
  });

  it('keeps searching the cache when the service is gone', () =>
    // The failing sync's GETs spaced by 50 ms rather than the client's 500 ms (doubling): the same four
    // attempts end in the same failure without seconds of backoff.
    withOwnE2E({ sandbox: SANDBOX, apiClient: { retry: { baseDelayMs: 50 } } }, async (app) => {
      const p = app.page;
      await syncCustomers(app, CUSTOMERS);
      const sandbox = app.harness.core.localSandbox()!;
      const target = (await sandboxAll<Customer>(sandbox, '/customers'))[200]!;
      await sandbox.stop();
      await app.open('customers');
      await search(target.name!, p);
      await table(p).getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();
      // A sync now fails with the reason, and the status bar says the service cannot be reached.
      await syncRegion(p).getByRole('button', { name: 'Sync now' }).click();
      await syncRegion(p).getByRole('alert').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => p.getByTestId('status-connection').textContent(), { timeout: 60_000 })
        .toBe('Connection: Offline');
      await search(`0${target.phoneNumber!.slice(4)}`, p);
      await table(p).getByRole('row').filter({ hasText: target.emailAddress! }).waitFor();
      await app.screenshot('customers-offline');
    }));
});
