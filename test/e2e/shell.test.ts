// The app shell: every route opens with its title, the navigation links every page (Approvals only once a
// team database is signed in to: test/e2e/approvals.test.ts), the status bar names the environment and the
// connection, and no page logs an error or breaks the CSP.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src-renderer/lib/routes';
import { appWithSandbox } from './shared-app';

const app = appWithSandbox({ seed: 12, customers: 50 });
/** Approvals need a team database, which this app has not: its page opens, its link is not shown. */
const needsTeam = (path: string) => path === 'approvals';

describe('App shell', () => {
  it('links every route in the navigation', async () => {
    await app.e2e.open('overview');
    const nav = app.e2e.page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    const linked = ROUTES.filter((r) => !needsTeam(r.path));
    expect(linked).toHaveLength(11);
    expect(await links.count()).toBe(linked.length);
    for (const r of linked) {
      expect(await nav.getByRole('link', { name: r.label, exact: true }).getAttribute('href')).toBe(`#/${r.path}`);
    }
    expect(await nav.getByRole('link', { name: 'Approvals', exact: true }).count()).toBe(0);
  });

  it('shows the environment, its test-data badge and the connection in the status bar', async () => {
    await app.e2e.open('overview');
    const bar = app.e2e.page.getByRole('contentinfo', { name: 'Status' });
    await expect
      .poll(() => bar.getByTestId('status-environment').textContent())
      .toBe('Environment: Local sandbox — test data');
    // Pages fetch on open: the connection becomes known and the rate limit is reported.
    await expect
      .poll(() => bar.getByTestId('status-connection').textContent(), { timeout: 60_000 })
      .toBe('Connection: Online');
    await expect.poll(() => bar.getByTestId('status-rate-limit').count(), { timeout: 60_000 }).toBe(1);
    expect(await bar.getByTestId('status-rate-limit').textContent()).toMatch(/^Requests left: \d[\d,]*\/600/);
    expect(await bar.getByTestId('status-last-sync').textContent()).toBe('Customers never synced');
  });

  for (const r of ROUTES) {
    it(`opens ${r.label} (#/${r.path}) with no console error or CSP violation`, async () => {
      const before = app.e2e.problems.length;
      await app.e2e.open(r.path);
      if (!needsTeam(r.path))
        await app.e2e.page
          .getByRole('link', { name: r.label, exact: true })
          .and(app.e2e.page.locator('[aria-current="page"]'))
          .waitFor();
      await app.e2e.page.getByRole('heading', { level: 1 }).first().waitFor();
      // Let the page's first requests settle (no loading skeleton left) before the picture.
      await expect.poll(() => app.e2e.page.locator('[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
      await app.e2e.screenshot(`shell-${r.path}`);
      expect(app.e2e.problems.slice(before)).toEqual([]);
    });
  }
});
