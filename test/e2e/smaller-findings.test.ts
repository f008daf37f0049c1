// The operator's smaller findings, each checked in Chromium: one date format and every time with its zone
// in lists and drawers; a list being refreshed keeps its rows at full contrast under a moving bar (no
// dimmed rows failing contrast); drawers are dialogs on an element that may carry the role.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listRows, waitForRows } from './list-checks';
import { appWithCustomerCache, openFresh } from './shared-app';
import { axeOn, fetchAllAuthorizations } from './support';

const app = appWithCustomerCache({ seed: 7171, customers: 60 });
const page = () => app.e2e.page;

/** Dates not written `22 Nov 2026` and times of day without their zone, as shown in `scope`. */
async function dateProblems(scope: Locator): Promise<{ dates: number; problems: string[] }> {
  const text = await scope.innerText();
  const problems: string[] = [];
  for (const m of text.matchAll(
    /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/g,
  ))
    problems.push(`another date format: ${m[0]}`);
  for (const m of text.matchAll(/\b\d{2}:\d{2}(?::\d{2})?\b(?!:)/g)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
    if (!/^ (GMT|UTC)/.test(after))
      problems.push(`a time without its zone: ${text.slice(Math.max(0, m.index - 15), m.index + 12)}`);
  }
  const dates = [...text.matchAll(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/g)].length;
  return { dates, problems };
}

async function expectOneDateFormat(scope: Locator, what: string): Promise<void> {
  const { dates, problems } = await dateProblems(scope);
  expect(dates, `${what}: dates shown`).toBeGreaterThan(0);
  expect(problems, what).toEqual([]);
}

describe('Smaller findings', () => {
  it('one date format, and every time with its zone, in lists and drawers', async () => {
    await fetchAllAuthorizations(page());
    for (const [route, table] of [
      ['authorizations', 'Authorizations'],
      ['disputes', 'Disputes'],
      ['funding-sources', 'Funding sources'],
      ['accounts', 'Accounts'],
    ] as const) {
      await openFresh(app.e2e, route);
      await waitForRows(page(), table);
      await expectOneDateFormat(page().getByRole('table', { name: table }), `${table} list`);
      await listRows(page(), table).first().click();
      const drawer = page().getByRole('dialog').first();
      await drawer.waitFor();
      await expect.poll(async () => (await dateProblems(drawer)).dates).toBeGreaterThan(0);
      await expectOneDateFormat(drawer, `${table} drawer`);
      await page().keyboard.press('Escape');
    }
  });

  it("the status bar's times say their zone too", async () => {
    // The reset time is said where the bar has room for it (a wide window).
    await page().setViewportSize({ width: 1920, height: 1080 });
    await openFresh(app.e2e, 'customers');
    const bar = page().getByRole('contentinfo', { name: 'Status' });
    await expect.poll(() => bar.getByTestId('status-rate-limit').count(), { timeout: 60_000 }).toBe(1);
    const text = await bar.innerText();
    await page().setViewportSize({ width: 1360, height: 860 });
    expect(text).toMatch(/resets \d{2}:\d{2}:\d{2} GMT/);
    expect((await dateProblems(bar)).problems).toEqual([]);
  });

  it('a list being refreshed keeps its rows at full contrast under a moving bar, axe-clean', async () => {
    const sandbox = app.sandbox;
    await openFresh(app.e2e, 'disputes');
    await waitForRows(page(), 'Disputes');
    await page().getByRole('navigation', { name: 'Pages' }).getByLabel('Rows per page').selectOption('10');
    await waitForRows(page(), 'Disputes');
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /cards/disputes', ms: 3000, count: 1 });
    try {
      await page().getByRole('button', { name: 'Next page' }).click();
      const bar = page().getByRole('progressbar', { name: 'Updating disputes' });
      await bar.waitFor();
      // The rows shown meanwhile are not dimmed.
      const opacities = await listRows(page(), 'Disputes').evaluateAll((rows) =>
        rows.map((r) => {
          let o = 1;
          for (let el: Element | null = r; el; el = el.parentElement) o *= Number(getComputedStyle(el).opacity);
          return o;
        }),
      );
      expect(opacities.length).toBeGreaterThan(0);
      expect(opacities.every((o) => o === 1)).toBe(true);
      expect(await app.e2e.axeViolations()).toEqual([]);
    } finally {
      sandbox.faults.clear();
    }
  });

  it('drawers are dialogs on an element that allows the role (no <aside role="dialog">)', async () => {
    for (const [route, table] of [
      ['authorizations', 'Authorizations'],
      ['accounts', 'Accounts'],
      ['disputes', 'Disputes'],
    ] as const) {
      await openFresh(app.e2e, route);
      await waitForRows(page(), table);
      await listRows(page(), table).first().click();
      const drawer = page().getByRole('dialog').first();
      await drawer.waitFor();
      expect(await drawer.evaluate((el) => el.tagName)).toBe('DIV');
      const axe = await axeOn(page()).withRules(['aria-allowed-role']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page().keyboard.press('Escape');
    }
  });
});
