// Nothing cut, nothing overlapping, readable in both themes: every page (and a card's, a customer's, a file's
// preview and a batch's results) at 1024×700, 1366×850 and 1920×1080, light and dark. One app and one page,
// resized rather than restarted, so the walk stays cheap. At each size and theme it fails on text cut in a
// table's cell or header or in the status bar (`clippedText`), on anything past the window (`widthProblems`)
// and, once per theme at the largest size, on an axe colour-contrast finding; the card wizard's fields are
// never under its Back/Next bar. In Lagos time, no date, card number or name is cut in Journal,
// Authorizations and Disputes at the two smaller sizes (a name's whole text on hover is not enough there).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src-renderer/lib/routes';
import { clippedText, widthProblems } from './fits-window';
import { issueThroughBridge, issueWizard } from './issue-wizard';
import { appWithCustomerCache, openFresh } from './shared-app';
import { axeOn, fetchAllAuthorizations } from './support';

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 850 },
  { width: 1920, height: 1080 },
] as const;
const LARGEST = SIZES[SIZES.length - 1];
const THEMES = ['light', 'dark'] as const;

const app = appWithCustomerCache({ seed: 4242, customers: 80 });
const page = (): Page => app.e2e.page;
const wizard = issueWizard(app);

async function settled(): Promise<void> {
  await page().locator('main h1').first().waitFor();
  await expect.poll(() => page().locator('[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
}

/** Two frames: the tables measure their width after a resize or a change of theme. */
const nextFrames = () =>
  page().evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function contrastFindings(): Promise<string[]> {
  const results = await axeOn(page()).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(-1)[0] ?? v.help}`),
  );
}

/** What is wrong with the page as shown, at every size and in both themes, each line naming where. */
async function problemsEverywhere(name: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of THEMES) {
    await page().emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page().setViewportSize(size);
      await nextFrames();
      const where = `${name} at ${size.width}×${size.height} (${scheme})`;
      const problems = [...(await clippedText(page())), ...(await widthProblems(page()))];
      if (problems.length) await app.e2e.screenshot(`cut-${name}-${size.width}-${scheme}`);
      found.push(...problems.map((p) => `${where}: ${p}`));
      // Contrast is the theme's colours: checked once per theme, at the largest size, where the most is shown
      // (a smaller window shows fewer columns, rows and status items, never others; its cuts are found above).
      if (size === LARGEST) found.push(...(await contrastFindings()).map((p) => `${where}: contrast ${p}`));
    }
  }
  await page().emulateMedia({ colorScheme: 'light' });
  return found;
}

/** The status bar in its longest state: the rate limit known (any request to the service tells it). */
async function statusBarComplete(): Promise<void> {
  const bar = page().getByRole('contentinfo', { name: 'Status' });
  await expect.poll(() => bar.getByTestId('status-rate-limit').count(), { timeout: 60_000 }).toBe(1);
}

describe('Nothing cut at 1024×700, 1366×850 and 1920×1080, in both themes', () => {
  it('every page, a card and a customer', { timeout: 600_000 }, async () => {
    // Cards are known from fetched authorizations; the journal holds a card issued here.
    await fetchAllAuthorizations(page());
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const card = await issueThroughBridge(page(), app.customers[0]!._id, account);
    const found: string[] = [];
    for (const route of [...ROUTES.map((r) => r.path), `cards/${card}`, `customers/${app.customers[0]!._id}`]) {
      await openFresh(app.e2e, route);
      await settled();
      await statusBarComplete();
      found.push(...(await problemsEverywhere(route.replace(/\/.*/, '-detail'))));
    }
    expect(found).toEqual([]);
  });

  it("a file's preview and a batch's results", { timeout: 300_000 }, async () => {
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const rows = app.customers.slice(10, 13).map((c, i) => `${c._id},virtual,Verve,NGN,active,${account},R-${i}`);
    const csv = [
      'customer,type,brand,currency,status,debitAccountId,reference',
      ...rows,
      'nobody@x.invalid,virtual,Verve,NGN,active,,R-9',
    ].join('\r\n');
    await openFresh(app.e2e, 'bulk-issue');
    await page()
      .getByLabel('CSV file')
      .setInputFiles({ name: 'walk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page().getByTestId('count-ready').textContent()).toBe('3 ready');
    const found = await problemsEverywhere('bulk-preview');

    const batchId = await page().evaluate(
      async (text) => {
        const preview = await window.cardDesk.bulkIssue.preview({ csv: text, fileName: 'walk-results.csv' });
        if (!preview.ok) throw new Error(preview.error.message);
        const started = await window.cardDesk.bulkIssue.start({ batchId: preview.data.batchId, cards: 3 });
        if (!started.ok) throw new Error(started.error.message);
        return preview.data.batchId;
      },
      csv.replace(/R-/g, 'S-'),
    );
    await openFresh(app.e2e, `bulk-issue/${batchId}`);
    await expect
      .poll(() => page().getByTestId('batch-state').getAttribute('data-state'), { timeout: 60_000 })
      .toBe('done');
    await page().getByRole('table', { name: 'Results' }).waitFor();
    found.push(...(await problemsEverywhere('batch-results')));
    expect(found).toEqual([]);
  });

  it('Journal, Authorizations and Disputes in Lagos time: no date, card number or name cut at 1024×700 and 1366×850', async () => {
    // Operators read times in their own zone ("12:36 GMT+1"), longer than the harness's UTC ("12:36 GMT").
    const cdp = await page().context().newCDPSession(page());
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Africa/Lagos' });
    try {
      await fetchAllAuthorizations(page());
      const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
      await issueThroughBridge(page(), app.customers[1]!._id, account);
      const found: string[] = [];
      for (const route of ['journal', 'authorizations', 'disputes']) {
        await openFresh(app.e2e, route);
        await settled();
        await statusBarComplete();
        await expect.poll(() => page().locator('main [role="row"]').count(), { timeout: 60_000 }).toBeGreaterThan(1);
        expect(await page().locator('main').textContent(), route).toContain('GMT+1');
        for (const scheme of THEMES) {
          await page().emulateMedia({ colorScheme: scheme });
          for (const size of SIZES.slice(0, 2)) {
            await page().setViewportSize(size);
            await nextFrames();
            const problems = [...(await clippedText(page(), { names: true })), ...(await widthProblems(page()))];
            if (problems.length) await app.e2e.screenshot(`cut-names-${route}-${size.width}-${scheme}`);
            found.push(...problems.map((p) => `${route} at ${size.width}×${size.height} (${scheme}): ${p}`));
          }
        }
      }
      expect(found).toEqual([]);
    } finally {
      await page().emulateMedia({ colorScheme: 'light' });
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' });
      await cdp.detach();
    }
  });

  it("the card wizard's fields are never under its Back and Next bar at 1024×700", async () => {
    await page().setViewportSize(SIZES[0]);
    for (const path of ['A new card', 'Map to a bank account']) {
      await wizard.openWizard(path);
      await wizard.chooseCustomer(app.customers[4]!);
      expect(await fieldsUnderTheBar(), path).toEqual([]);
      await wizard.closeWizard();
    }
  });
});

/** Each field of the open dialog scrolled into view and found under its sticky Back/Next bar. */
async function fieldsUnderTheBar(): Promise<string[]> {
  return page().evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]')!;
    const bar = dialog.querySelector('.form-actions')!.getBoundingClientRect();
    const out: string[] = [];
    for (const field of dialog.querySelectorAll<HTMLElement>('input, select, button, textarea')) {
      if (field.closest('.form-actions') || field.offsetParent === null) continue;
      field.scrollIntoView({ block: 'nearest' });
      const r = field.getBoundingClientRect();
      const barNow = dialog.querySelector('.form-actions')!.getBoundingClientRect();
      if (r.bottom > barNow.top + 1 && r.top < barNow.bottom - 1)
        out.push(
          `${field.getAttribute('aria-label') ?? field.id ?? field.tagName} under the bar (${Math.round(r.bottom)} > ${Math.round(barNow.top)})`,
        );
    }
    return out.length ? out : bar.height > 0 ? [] : ['no Back/Next bar'];
  });
}
