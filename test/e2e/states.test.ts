// States an operator meets: the local sandbox's first-run hint, an Overview range without data, the
// first sync's real progress, and a refused API key (against an independent server) that leads to
// Settings, where the key shows as rejected.
import { describe, expect, it } from 'vitest';
import { appWithIndependentApi, appWithSandbox, openFresh } from './shared-app';
import { localSandbox } from './support';

describe('On the local sandbox', () => {
  const app = appWithSandbox({ seed: 9191, customers: 350 });
  const page = () => app.e2e.page;
  const main = () => page().getByRole('main');

  it('explains the local sandbox on first run, until dismissed', async () => {
    await openFresh(app.e2e, 'overview');
    const hint = main().getByRole('region', { name: 'You are in the local sandbox' });
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(/made-up customers/);
    expect(await hint.getByRole('link', { name: 'Connect a real environment' }).getAttribute('href')).toBe(
      '#/settings',
    );
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('overview-sandbox-hint');
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => hint.count()).toBe(0);
    await page().reload();
    await page().getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await hint.count()).toBe(0);
  });

  it('says when the Overview range is empty and offers a range with data', async () => {
    await openFresh(app.e2e, 'overview?fromDate=2001-01-01&toDate=2001-01-31');
    const empty = main().getByTestId('overview-empty');
    await empty.waitFor({ timeout: 30_000 });
    expect(await empty.textContent()).toContain('No authorizations between 1 Jan 2001 and 31 Jan 2001');
    // No charts drawn over nothing.
    expect(await main().getByRole('img').count()).toBe(0);
    const offer = main().getByRole('button', { name: /^Show / });
    await offer.waitFor();
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('overview-empty-range');
    await offer.click();
    await expect
      .poll(async () => Number(((await page().getByTestId('headline-total').textContent()) ?? '0').replace(/,/g, '')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(await main().getByLabel('From date').inputValue()).not.toBe('1 Jan 2001');
  });

  it('shows the first sync’s real progress instead of "0 cached"', async () => {
    const sandbox = await localSandbox(app.e2e);
    // Slow pages, so the progress can be seen on the way: each step stays on screen for seconds, far above
    // what the poll's look at it takes on a loaded machine (at 400 ms a busy run could miss every step).
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 3_000 });
    try {
      await openFresh(app.e2e, 'customers');
      const summary = page().getByTestId('cache-summary');
      await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toMatch(/never synced/);
      await page()
        .getByRole('region', { name: 'Offline customer cache' })
        .getByRole('button', { name: 'Sync now' })
        .click();
      await expect
        .poll(() => summary.textContent(), { timeout: 30_000 })
        .toMatch(/^First sync: [1-9][\d,]* customers fetched so far · page \d+ of \d+$/);
      await app.e2e.screenshot('customers-first-sync');
      await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toMatch(/^350 customers cached · synced/);
    } finally {
      sandbox.faults.clear();
    }
    expect(app.e2e.problems).toEqual([]);
  });
});

describe('With a key the service has revoked', () => {
  const app = appWithIndependentApi({ customers: 5 });

  it('offers "Open Settings" on a 401, and Settings shows the key as rejected', async () => {
    const e2e = app.e2e;
    app.api.revokeKey();
    await e2e.open('accounts');
    const error = e2e.page.getByRole('main').getByRole('alert');
    await error.filter({ hasText: 'The service refused this environment’s API key' }).waitFor({ timeout: 30_000 });
    await error.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await e2e.axeViolations()).toEqual([]);
    await e2e.screenshot('accounts-key-refused');
    await error.getByRole('link', { name: 'Open Settings' }).click();
    await e2e.page.waitForURL(/#\/settings$/);
    const state = e2e.page.getByText(/^Key rejected: the service refused this key \(401\)/);
    await state.waitFor();
    await e2e.screenshot('settings-key-rejected');
  });
});
