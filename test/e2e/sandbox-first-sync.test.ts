// The built-in local sandbox fills its customer cache by itself, as a real environment with a key does:
// nobody asks for the sync, its progress shows in the status bar and on the Customers page, the schedule
// takes a sensible interval, and the cache ends up holding every customer. (The harness leaves this off
// unless asked, so other tests start from an empty cache.)
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE_MINUTES } from '../../src-renderer/app/useFirstSync';
import { localSandbox, withOwnE2E } from './support';

const CUSTOMERS = 400;

describe('First sync of the built-in sandbox', () => {
  it('starts by itself with its progress shown, and fills the cache', async () => {
    await withOwnE2E({ sandbox: { seed: 6161, customers: CUSTOMERS }, sandboxFirstSync: true }, async (app) => {
      const sandbox = await localSandbox(app);
      // Slow pages, so the progress can be seen on the way.
      sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 300 });
      const customerPages = () => sandbox.requests().filter((r) => r.endpoint === 'GET /customers').length;
      const before = customerPages();
      await app.open('cards');
      const bar = app.page.getByRole('contentinfo', { name: 'Status' });
      await expect
        .poll(() => bar.getByTestId('status-last-sync').textContent(), { timeout: 60_000 })
        .toMatch(/^Syncing customers… \d+%$/);
      // Ctrl+K meanwhile says the cache is being filled, rather than offering a sync.
      await app.page.keyboard.press('Control+k');
      const search = app.page.getByRole('dialog', { name: 'Search customers' });
      await search.getByTestId('first-sync-running').waitFor();
      expect(await search.getByTestId('empty-cache-sync').count()).toBe(0);
      await app.page.keyboard.press('Escape');
      await app.open('customers');
      await expect
        .poll(() => app.page.getByTestId('cache-summary').textContent(), { timeout: 60_000 })
        .toMatch(/First sync|customers cached/);
      sandbox.faults.clear();
      await expect
        .poll(
          async () => {
            const r = await app.page.evaluate(() => window.cardDesk.customers.cacheStatus());
            return r.ok && !r.data.syncing ? r.data.customers : -1;
          },
          { timeout: 120_000 },
        )
        .toBe(CUSTOMERS);
      expect(customerPages()).toBeGreaterThan(before);
      const status = await app.page.evaluate(() => window.cardDesk.customers.cacheStatus());
      expect(status.ok && status.data.scheduleMinutes).toBe(DEFAULT_SCHEDULE_MINUTES);
      await expect.poll(() => bar.getByTestId('status-last-sync').textContent()).toMatch(/^Customers synced /);
    });
  });

  it('when left to the operator, Ctrl+K on the empty cache offers "Sync now", which fills it', async () => {
    await withOwnE2E({ sandbox: { seed: 6162, customers: 50 } }, async (app) => {
      await app.open('customers');
      await app.page.getByText('No customers are cached for this environment yet').waitFor({ timeout: 60_000 });
      const r = await app.page.evaluate(() => window.cardDesk.customers.cacheStatus());
      expect(r.ok && r.data).toMatchObject({ customers: 0, syncing: false, lastSyncedAt: null });
      await app.page.keyboard.press('Control+k');
      const search = app.page.getByRole('dialog', { name: 'Search customers' });
      await search.getByTestId('empty-cache-sync').getByRole('button', { name: 'Sync now' }).click();
      await expect
        .poll(
          async () => {
            const s = await app.page.evaluate(() => window.cardDesk.customers.cacheStatus());
            return s.ok && !s.data.syncing ? s.data.customers : -1;
          },
          { timeout: 60_000 },
        )
        .toBe(50);
    });
  });
});
