// Every list's columns in Chromium with classic scrollbars, as an operator's desktop shows them (the test
// browser hides scrollbars unless told not to): each header sits over its column, fixed columns (dates,
// amounts, statuses) are wide enough for what they hold, names and emails get the room the window has,
// and a tall window's list reaches down to the status bar instead of leaving a blank band.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { issueThroughBridge } from './issue-wizard';
import { listRows, waitForRows } from './list-checks';
import { appWithCustomerCache } from './shared-app';
import { CHROMIUM_ARGS } from '../support/chromium';
import { fetchAllAuthorizations } from './support';

const app = appWithCustomerCache({ seed: 31, customers: 100 });
const LAPTOP = { width: 1366, height: 850 };
const TALL = { width: 1920, height: 1080 };

/** Each list page and its table's name. */
const LISTS = [
  ['customers', 'Customers'],
  ['cards', 'Known cards'],
  ['accounts', 'Accounts'],
  ['authorizations', 'Authorizations'],
  ['disputes', 'Disputes'],
  ['funding-sources', 'Funding sources'],
  ['journal', 'Journal entries'],
] as const;

let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  // Cards are known from fetched authorizations; the journal shows a card issued here.
  await fetchAllAuthorizations(app.e2e.page);
  const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  await issueThroughBridge(app.e2e.page, app.customers[0]!._id, account);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    // Scrollbars that take room, as on Windows and most Linux desktops.
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function openList(route: string, table: string): Promise<void> {
  await page.goto(`${app.e2e.harness.url}#/${route}`);
  await page.reload();
  await waitForRows(page, table);
  // The table measures its width in the frame after layout.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

interface Measured {
  /** Per column: header's left and width against the first row's cell's. */
  columns: { header: string; headLeft: number; cellLeft: number; headWidth: number; cellWidth: number }[];
  scrollbar: number;
  /** Cells of fixed-width columns whose content is cut, as "header: text". */
  cutFixed: string[];
}

function measure(table: string): Promise<Measured> {
  return page.evaluate((name) => {
    const t = document.querySelector(`[role="table"][aria-label="${name}"]`)!;
    const heads = [...t.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    const body = t.querySelector<HTMLElement>('.dt-body')!;
    const rows = [...body.querySelectorAll<HTMLElement>('[role="row"]')];
    const first = [...rows[0]!.querySelectorAll<HTMLElement>('[role="cell"]')];
    const columns = heads.map((h, i) => {
      const hr = h.getBoundingClientRect();
      const cr = first[i]!.getBoundingClientRect();
      return {
        header: h.textContent ?? '',
        headLeft: hr.left,
        cellLeft: cr.left,
        headWidth: hr.width,
        cellWidth: cr.width,
      };
    });
    const bodyBox = body.getBoundingClientRect();
    const cutFixed: string[] = [];
    for (const row of rows) {
      const box = row.getBoundingClientRect();
      if (box.top < bodyBox.top || box.bottom > bodyBox.bottom) continue;
      row.querySelectorAll<HTMLElement>('[role="cell"][data-fit="fixed"]').forEach((cell, i) => {
        const cut = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some(
          (el) => el.scrollWidth > el.clientWidth + 1,
        );
        if (cut) {
          const index = [...row.children].indexOf(cell);
          cutFixed.push(`${heads[index]?.textContent ?? i}: ${cell.textContent ?? ''}`);
        }
      });
    }
    return { columns, scrollbar: body.offsetWidth - body.clientWidth, cutFixed };
  }, table);
}

describe('Table columns', () => {
  it('every header sits over its column (within 1 px) beside a scrollbar, at 1366×850', async () => {
    await page.setViewportSize(LAPTOP);
    let scrolled = 0;
    for (const [route, table] of LISTS) {
      await openList(route, table);
      const m = await measure(table);
      if (m.scrollbar > 0) scrolled++;
      expect(m.columns.length, table).toBeGreaterThan(2);
      for (const c of m.columns) {
        expect(Math.abs(c.headLeft - c.cellLeft), `${table} › ${c.header}: header left`).toBeLessThanOrEqual(1);
        expect(Math.abs(c.headWidth - c.cellWidth), `${table} › ${c.header}: header width`).toBeLessThanOrEqual(1);
      }
    }
    // The case that moved headers: lists long enough to scroll, with a scrollbar that takes room.
    expect(scrolled).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });

  it('dates, amounts and statuses are not cut in any list at 1366×850', async () => {
    await page.setViewportSize(LAPTOP);
    for (const [route, table] of LISTS) {
      await openList(route, table);
      expect((await measure(table)).cutFixed, table).toEqual([]);
    }
  });

  it("customers' names and emails are not cut at 1366×850", async () => {
    await page.setViewportSize(LAPTOP);
    await openList('customers', 'Customers');
    const cells = await page.evaluate(() => {
      const out: { text: string; cut: boolean }[] = [];
      const body = document.querySelector('[role="table"][aria-label="Customers"] .dt-body')!;
      for (const row of body.querySelectorAll('[role="row"]')) {
        for (const cell of [...row.querySelectorAll<HTMLElement>('[role="cell"]')].slice(0, 2))
          out.push({ text: cell.textContent ?? '', cut: cell.scrollWidth > cell.clientWidth });
      }
      return out;
    });
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.some((c) => c.text.includes('@'))).toBe(true);
    expect(cells.filter((c) => c.cut).map((c) => c.text)).toEqual([]);
  });

  it('a tall window (1920×1080) fills with rows down to the pager above the status bar: no blank band', async () => {
    await page.setViewportSize(LAPTOP);
    await openList('customers', 'Customers');
    const laptopRows = await listRows(page, 'Customers').count();
    await page.setViewportSize(TALL);
    await openList('customers', 'Customers');
    const band = await page.evaluate(() => {
      const pager = document.querySelector('nav.pager')!.getBoundingClientRect();
      const bar = document.querySelector('.status-bar')!.getBoundingClientRect();
      const body = document.querySelector('[role="table"][aria-label="Customers"] .dt-body')!;
      return { gap: bar.top - pager.bottom, scrolls: body.scrollHeight > body.clientHeight };
    });
    // The list has more rows than fit: it takes the height, leaving only a margin under its pager.
    expect(band.scrolls).toBe(true);
    expect(band.gap).toBeGreaterThanOrEqual(0);
    expect(band.gap).toBeLessThanOrEqual(40);
    expect(await listRows(page, 'Customers').count()).toBeGreaterThan(laptopRows);
    expect(problems).toEqual([]);
  });
});
