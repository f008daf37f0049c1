// Cards page: the known-cards index (learned from fetched authorizations), a card's detail, balance and
// transactions checked against the local sandbox, with paging, a date range and CSV exports.
import { displayPan } from '../../src-renderer/lib/format';
import { describe, expect, it } from 'vitest';
import type { Authorization, Transaction } from '../../src-shared/api/records';
import { formatMoney } from '../../src-renderer/lib/format';
import { exportCsvFrom } from './exported-csv';
import { listRows, pagerText as readPager, rowCount } from './list-checks';
import { sandboxAll, sandboxGet } from '../support/sandbox-api';
import { fetchAllAuthorizations, screenshotWhole, withOwnE2E } from './support';
import { appWith, openFresh } from './shared-app';

const SANDBOX = { seed: 9001, customers: 120 };
const app = appWith({ sandbox: SANDBOX });
let known: Promise<string[]> | undefined;

const page = () => app.e2e.page;
const knownTable = () => page().getByRole('table', { name: 'Known cards' });
const knownRows = () => listRows(page(), 'Known cards');
const txRows = () => listRows(page(), 'Card transactions');
const pagerText = () => readPager(page());
const idOf = (v: unknown) => (typeof v === 'string' ? v : (v as { _id: string })._id);

/**
 * The ids of the cards the app has seen, once every page of authorizations has been fetched through the
 * bridge (as the Authorizations page fetches them); the first test that needs known cards fetches them.
 */
function knownCardIds(): Promise<string[]> {
  known ??= fetchAllAuthorizations(page()).then((auths) => [
    ...new Set((auths as Authorization[]).map((a) => idOf(a.card))),
  ]);
  return known;
}

describe('Cards', () => {
  it('says no card is known before any authorization was fetched', () =>
    withOwnE2E({ sandbox: SANDBOX }, async (app) => {
      await app.open('cards');
      await app.page.getByRole('heading', { level: 1, name: 'Cards' }).waitFor();
      await app.page.getByText('Card Desk has not seen any card in this environment yet.', { exact: false }).waitFor();
    }));

  it('lists the cards seen in fetched authorizations, with paging and a filter', { timeout: 180_000 }, async () => {
    await app.e2e.open('cards');
    const cardIds = await knownCardIds();
    expect(cardIds.length).toBeGreaterThan(25);

    await openFresh(app.e2e, 'cards');
    await knownTable().waitFor();
    await expect.poll(pagerText).toContain(`${cardIds.length} in all`);
    expect(await rowCount(page(), 'Known cards')).toBe(25);
    const firstPage = await knownRows().allTextContents();
    await app.e2e.screenshot('cards');
    expect(await app.e2e.axeViolations()).toEqual([]);

    await page().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(pagerText).toMatch(/^Page 2 of \d+/);
    await expect.poll(() => knownRows().first().textContent()).not.toBe(firstPage[0]);
    expect(page().url()).toContain('page=1');

    await page().getByLabel('Rows per page').selectOption('100');
    await expect.poll(() => rowCount(page(), 'Known cards')).toBe(Math.min(100, cardIds.length));
    await expect.poll(pagerText).toMatch(/^Page 1 of 1/);

    // Filter by the last four digits of one card.
    const card = app.sandbox.fixtures.cards.find((c) => cardIds.includes(c.id))!;
    const known = (await page().evaluate((id) => window.cardDesk.cards.get({ id }), card.id)) as {
      ok: true;
      data: { maskedPan: string };
    };
    const last4 = known.data.maskedPan.replace(/\D/g, '').slice(-4);
    await page().getByRole('searchbox', { name: 'Filter cards' }).fill(last4);
    await expect.poll(() => page().url()).toContain(`q=${last4}`);
    await expect.poll(async () => (await knownRows().allTextContents()).every((t) => t.includes(last4))).toBe(true);
    await knownRows()
      .filter({ hasText: card.id.slice(-8) })
      .waitFor();

    await page().getByRole('searchbox', { name: 'Filter cards' }).fill('');
    await expect.poll(pagerText).toContain(`${cardIds.length} in all`);
    const csv = await exportCsvFrom(page().locator('.known-cards'));
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    expect(csv.reportedRows).toBe(cardIds.length);
    expect(new Set(csv.rows.map((r) => r.id))).toEqual(new Set(cardIds));
    for (const r of csv.rows) expect(r.maskedPan).not.toMatch(/\d{12,}/);
  });

  it(
    'opens a card with its controls, balance and transactions as the sandbox has them',
    { timeout: 120_000 },
    async () => {
      await app.e2e.open('cards');
      const cardIds = await knownCardIds();
      await openFresh(app.e2e, 'cards');
      // The card with the most transactions.
      const counts = await Promise.all(
        cardIds.map(async (id) => ({
          id,
          total: (await sandboxGet<Transaction[]>(app.sandbox, `/cards/${id}/transactions?limit=1`)).pagination!.total,
        })),
      );
      const { id, total } = counts.sort((a, b) => b.total - a.total)[0]!;
      expect(total).toBeGreaterThan(2);

      await page().getByRole('searchbox', { name: 'Filter cards' }).fill(id);
      await expect.poll(() => rowCount(page(), 'Known cards')).toBe(1);
      await knownRows().first().click();
      await page().waitForURL(new RegExp(`#/cards/${id}`));
      const known = (await page().evaluate((cardId) => window.cardDesk.cards.get({ id: cardId }), id)) as {
        ok: true;
        data: { maskedPan: string; currency: string; brand: string; spendingControls?: { spendingLimits?: unknown[] } };
      };
      await page()
        .getByRole('heading', { level: 1, name: `Card ${displayPan(known.data.maskedPan)}` })
        .waitFor();
      expect(await page().getByTestId('card-pan').textContent()).toBe(displayPan(known.data.maskedPan));
      expect(known.data.maskedPan).not.toMatch(/\d{12,}/);

      const balance = (
        await sandboxGet<{ currentBalance: number; availableBalance: number }>(app.sandbox, `/cards/${id}/balance`)
      ).data;
      await expect
        .poll(() => page().getByTestId('balance-current').textContent())
        .toBe(formatMoney(balance.currentBalance, known.data.currency));
      expect(await page().getByTestId('balance-available').textContent()).toBe(
        formatMoney(balance.availableBalance, known.data.currency),
      );

      const controls = page().getByRole('region', { name: 'Spending controls' });
      await controls.getByRole('list', { name: 'Channels' }).waitFor();
      expect(await controls.getByRole('listitem').count()).toBe(4);

      const txTable = page().getByRole('table', { name: 'Card transactions' });
      await txTable.waitFor();
      await expect.poll(pagerText).toContain(`${total} in all`);
      expect(await rowCount(page(), 'Card transactions')).toBe(Math.min(25, total));
      await screenshotWhole(app.e2e, 'card-detail');
      expect(await app.e2e.axeViolations()).toEqual([]);

      // A transaction's detail opens in a drawer and Escape closes it.
      await txRows().first().click();
      await page().getByRole('dialog', { name: 'Transaction' }).waitFor();
      expect(await app.e2e.axeViolations()).toEqual([]);
      await page().keyboard.press('Escape');
      await expect.poll(() => page().getByRole('dialog', { name: 'Transaction' }).count()).toBe(0);

      // A date range from the middle transaction's day to today, checked against the sandbox's answer.
      const every = await sandboxAll<Transaction>(app.sandbox, `/cards/${id}/transactions`);
      const middle = every[Math.floor(every.length / 2)]!;
      const fromDate = middle.createdAt!.slice(0, 10);
      const toDate = new Date().toISOString().slice(0, 10);
      const inRange = await sandboxAll<Transaction>(
        app.sandbox,
        `/cards/${id}/transactions?fromDate=${fromDate}&toDate=${toDate}`,
      );
      expect(inRange.length).toBeGreaterThan(0);
      expect(inRange.length).toBeLessThan(every.length);
      await page().getByLabel('From date').fill(fromDate);
      await page().getByLabel('To date').fill(toDate);
      await expect.poll(pagerText).toContain(`${inRange.length} in all`);
      expect(page().url()).toContain(`fromDate=${fromDate}`);

      const csv = await exportCsvFrom(page().getByRole('region', { name: 'Transactions' }));
      expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
      expect(csv.reportedRows).toBe(inRange.length);
      expect(new Set(csv.rows.map((r) => r.id))).toEqual(new Set(inRange.map((t) => t._id)));

      // A range the wrong way round is refused in the form, named by its field.
      await page().getByLabel('From date').fill(toDate);
      await page().getByLabel('To date').fill(fromDate);
      await page().getByText('From date must not be after To date').waitFor();
      expect(app.e2e.problems).toEqual([]);
    },
  );
});
