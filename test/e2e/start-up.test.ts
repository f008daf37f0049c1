// Start-up that does the obvious, in Chromium against an independent server: a new environment with a key
// fills its customer cache by itself on a sensible schedule, shows what kind of environment it is (a
// production band on every page, a badge), an environment without a key asks for it before it can be used
// and says the key is missing rather than refused, and Ctrl+K on an empty cache offers the sync.
import { describe, expect, it } from 'vitest';
import { withOwnE2E } from './support';
import { appWithIndependentApi, openFresh } from './shared-app';

const app = appWithIndependentApi({ customers: 60 });

const page = () => app.e2e.page;
const cacheStatus = () =>
  page().evaluate(async () => {
    const r = await window.cardDesk.customers.cacheStatus();
    if (!r.ok) throw new Error(r.error.message);
    return r.data;
  });

describe('Start-up', () => {
  it('a new environment with a key fills its customer cache without being asked, then syncs every hour', async () => {
    await openFresh(app.e2e, 'overview');
    // Nobody asked for a sync: the cache fills by itself.
    await expect.poll(async () => (await cacheStatus()).customers, { timeout: 30_000 }).toBe(app.api.customers.length);
    const status = await cacheStatus();
    expect(status.lastSyncedAt).not.toBeNull();
    expect(status.scheduleMinutes).toBe(60);
    expect(app.api.requests.filter((r) => r.startsWith('/customers')).length).toBeGreaterThan(0);
    await page().getByTestId('status-last-sync').filter({ hasText: 'Customers synced' }).waitFor();
  });

  it('marks a production environment on every page with a band naming it, and its badge', async () => {
    for (const route of ['overview', 'customers', 'authorizations', 'settings']) {
      await openFresh(app.e2e, route);
      const band = page().getByTestId('production-band');
      await band.waitFor();
      expect(await band.textContent()).toContain('Harness API');
    }
    const badge = page().getByTestId('status-environment').getByTestId('environment-badge');
    expect(await badge.getAttribute('data-kind')).toBe('production');
    // Settings lists its environments once they have loaded: wait for the card, then count its badges.
    const card = page().getByRole('region', { name: 'Harness API', exact: true });
    await card.getByText('Production — real money').first().waitFor();
    expect(await card.getByText('Production — real money').count()).toBe(1);
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('a test environment shows its own badge and no band; an environment without a key asks for it first', async () => {
    await openFresh(app.e2e, 'settings');
    const add = page().getByRole('form', { name: 'Add environment' });
    await add.getByRole('textbox', { name: 'Name' }).fill('Provider test');
    await add.getByRole('textbox', { name: 'Base URL' }).fill('https://test.provider.example');
    await add.getByRole('combobox', { name: 'Kind' }).selectOption('test');
    await add.getByRole('button', { name: 'Add environment' }).click();
    const region = page().getByRole('region', { name: 'Provider test', exact: true });
    await region.getByText('Test — test data').waitFor();
    // Using it without a key: a clear prompt for the key, focus in the key field, and nothing switched.
    await region.getByRole('button', { name: 'Use this environment' }).click();
    const prompt = page().getByTestId(/^key-first-/);
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Provider test has no API key yet');
    await expect
      .poll(() => page().evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('password');
    const status = await page().evaluate(() => window.cardDesk.app.status());
    expect(status.ok && status.data.environment.name).toBe('Harness API');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('says the key is missing, not refused, when an environment has none', async () => {
    await withOwnE2E({ apiBaseUrl: app.api.url }, async (app) => {
      await app.open('authorizations');
      const alert = app.page.getByRole('alert').filter({ hasText: 'No API key is saved for this environment.' });
      await alert.waitFor();
      expect(await alert.textContent()).not.toContain('refused');
      await app.page.getByTestId('status-connection').filter({ hasText: 'No API key' }).waitFor();
      // No sync starts without a key.
      const cache = await app.page.evaluate(() => window.cardDesk.customers.cacheStatus());
      expect(cache.ok && cache.data.syncing).toBe(false);
      expect(cache.ok && cache.data.customers).toBe(0);
    });
  });

  it('Ctrl+K on an empty cache offers "Sync now", which fills it', async () => {
    await withOwnE2E({ sandbox: { seed: 4242, customers: 30 } }, async (app) => {
      await app.open('cards');
      await app.page.keyboard.press('Control+k');
      const dialog = app.page.getByRole('dialog', { name: 'Search customers' });
      await dialog.getByTestId('empty-cache-sync').waitFor();
      await app.page.keyboard.press('Tab');
      await expect.poll(() => app.page.evaluate(() => document.activeElement?.textContent)).toBe('Sync now');
      expect(await app.axeViolations()).toEqual([]);
      await app.page.keyboard.press('Enter');
      await expect
        .poll(
          async () => {
            const r = await app.page.evaluate(() => window.cardDesk.customers.cacheStatus());
            return r.ok ? r.data.customers : -1;
          },
          { timeout: 30_000 },
        )
        .toBe(30);
    });
  });
});
