// The Journal page in Chromium against the real handlers, journal file and local sandbox: every write
// listed with its outcome, search, outcome filter, paging, the detail with the request as sent (never a
// full card number), "Allow resend" for an unknown outcome, and the CSV export.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { luhnValid } from '../../src-shared/api/rules';
import { exportCsvFrom } from './exported-csv';
import { appWithSandbox, openFresh } from './shared-app';

const app = appWithSandbox({ seed: 7373, customers: 20 });
let entries: JournalEntry[];
const PAN = (() => {
  const body = '506099777712345';
  return `${body}${[...Array(10).keys()].find((d) => luhnValid(`${body}${d}`))}`;
})();
const VIRTUAL_CARDS = 26;

beforeAll(async () => {
  const { sampleCustomerIds, businessAccounts } = app.sandbox.fixtures;
  const debitAccountId = businessAccounts.find((a) => a.currency === 'NGN')!.id;
  // Writes made through the bridge, as the issuing forms make them.
  await app.e2e.page.evaluate(
    async ({ customers, debitAccountId, count, pan }) => {
      const card = (i: number) => ({
        customerId: customers[i % customers.length]!,
        type: 'virtual' as const,
        currency: 'NGN' as const,
        status: 'active' as const,
        brand: 'Verve' as const,
        debitAccountId,
        amount: 100 + i,
      });
      for (let i = 0; i < count; i++) await window.cardDesk.cards.create(card(i));
      await window.cardDesk.cards.create({
        customerId: customers[0]!,
        type: 'physical',
        currency: 'NGN',
        status: 'inactive',
        brand: 'Verve',
        number: pan,
      });
      await window.cardDesk.cards.create({ ...card(0), customerId: 'f'.repeat(24) });
      await window.cardDesk.accounts.create({
        type: 'wallet',
        currency: 'USD',
        accountType: 'Savings',
        customerId: customers[1]!,
      });
    },
    { customers: sampleCustomerIds, debitAccountId, count: VIRTUAL_CARDS, pan: PAN },
  );
  // A gateway error: the card was not made, so no look on the service can find it and it stays unknown.
  app.sandbox.faults.add({ kind: 'status', status: 502, endpoint: 'POST /cards', count: 1 });
  await app.e2e.page.evaluate(
    async ({ customer, debitAccountId }) => {
      await window.cardDesk.cards.create({
        customerId: customer,
        type: 'virtual',
        currency: 'USD',
        status: 'active',
        brand: 'Visa',
        debitAccountId,
      });
    },
    { customer: sampleCustomerIds[2]!, debitAccountId: businessAccounts.find((a) => a.currency === 'USD')!.id },
  );
  const listed = await app.e2e.page.evaluate(() => window.cardDesk.journal.list({ limit: 100 }));
  if (!listed.ok) throw new Error(listed.error.message);
  entries = listed.data;
});

const page = () => app.e2e.page;
const table = () => page().getByRole('table', { name: 'Journal entries' });
const bodyRows = () => table().getByRole('rowgroup').nth(1).getByRole('row');
const pagerText = () => page().getByRole('navigation', { name: 'Pages' }).textContent();
const total = VIRTUAL_CARDS + 4;

describe('Journal', () => {
  it('lists every write, newest first, with outcomes and paging', async () => {
    expect(entries).toHaveLength(total);
    await openFresh(app.e2e, 'journal');
    await expect.poll(pagerText).toMatch(`Page 1 of 2 · ${total} in all`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    const first = bodyRows().first();
    await expect.poll(() => first.textContent()).toMatch(/Issue card.*Visa virtual card, USD.*Outcome unknown/);
    await bodyRows().filter({ hasText: 'Wallet, USD, Savings' }).getByText('Succeeded').waitFor();
    await bodyRows()
      .filter({ hasText: 'The service does not know this customer: choose another' })
      .getByText('Failed')
      .waitFor();
    await app.e2e.screenshot('journal');
    expect(await app.e2e.axeViolations()).toEqual([]);

    await page().getByRole('button', { name: 'Next page' }).click();
    await expect.poll(pagerText).toMatch(`Page 2 of 2 · ${total} in all`);
    await expect.poll(() => bodyRows().count()).toBe(total - 25);
    await page().getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(pagerText).toMatch('Page 1 of 2');
  });

  it('searches by client reference and result id, and filters by outcome', async () => {
    await openFresh(app.e2e, 'journal');
    const target = entries.find((e) => e.outcome === 'succeeded' && e.operation === 'cards.create')!;
    const search = page().getByRole('searchbox', { name: 'Search' });
    await search.fill(target.clientReference!);
    await expect.poll(pagerText).toMatch('Page 1 of 1 · 1 in all');
    await search.fill(target.resultId!);
    await expect.poll(pagerText).toMatch('Page 1 of 1 · 1 in all');
    // The card it issued is named by its masked number, not by its id.
    await expect.poll(() => bodyRows().first().textContent()).toMatch(/•••• \d{4}/);
    expect(await bodyRows().first().textContent()).not.toContain(target.resultId!.slice(-8));
    await search.fill('');
    await expect.poll(pagerText).toMatch(`${total} in all`);

    await page().getByLabel('Outcome').selectOption('failed');
    await expect.poll(pagerText).toMatch('Page 1 of 1 · 1 in all');
    await page().getByLabel('Outcome').selectOption('outcome_unknown');
    await expect.poll(pagerText).toMatch('Page 1 of 1 · 1 in all');
    await bodyRows().first().getByText('Outcome unknown').waitFor();
  });

  it('shows the request in words with the raw request a click away, and allows a resend of an unknown outcome only after a warning', async () => {
    const unknown = entries.find((e) => e.outcome === 'outcome_unknown')!;
    await openFresh(app.e2e, 'journal');
    await page().getByLabel('Outcome').selectOption('outcome_unknown');
    await expect.poll(pagerText).toMatch('Page 1 of 1 · 1 in all');
    await bodyRows().first().getByText('Outcome unknown').waitFor();
    await bodyRows().first().click();
    const drawer = page().getByRole('dialog', { name: 'Journal entry' });
    await drawer.waitFor();
    const request = drawer.getByLabel('Request as sent');
    await expect.poll(() => request.textContent()).toContain(unknown.clientReference!);
    await expect.poll(() => request.textContent()).toContain('"brand": "Visa"');
    // The entry reads as the review did; the raw request is one click away.
    const words = drawer.getByRole('region', { name: 'What was sent' });
    await expect.poll(() => words.textContent()).toContain('CardVisa virtual');
    await expect.poll(() => words.textContent()).toContain('CurrencyUSD');
    expect(await request.isVisible()).toBe(false);
    await words.getByText('Show the request as sent').click();
    await expect.poll(() => request.isVisible()).toBe(true);
    const allow = drawer.getByRole('button', { name: 'Allow resend' });
    expect(await allow.isDisabled()).toBe(true);
    await app.e2e.screenshot('journal-detail');
    expect(await app.e2e.axeViolations()).toEqual([]);
    await drawer.getByRole('checkbox', { name: /a resend may create a second card/ }).check();
    await allow.click();
    await drawer.getByText('A resend is allowed').waitFor();
    const after = await page().evaluate(() => window.cardDesk.journal.list({ outcome: 'outcome_unknown' }));
    expect(after.ok && after.data[0]).toMatchObject({ id: unknown.id, resendAcknowledged: true });
    await drawer.getByRole('button', { name: 'Close details' }).click();
  });

  it('never shows a full card number', async () => {
    await openFresh(app.e2e, 'journal');
    const physical = entries.find((e) => e.request.type === 'physical')!;
    await page().getByRole('searchbox', { name: 'Search' }).fill(physical.clientReference!);
    await expect.poll(pagerText).toMatch('1 in all');
    await bodyRows().first().click();
    const drawer = page().getByRole('dialog', { name: 'Journal entry' });
    await expect
      .poll(() => drawer.getByLabel('Request as sent').textContent())
      .toContain(`"number": "${PAN.slice(0, 6)}******${PAN.slice(-4)}"`);
    expect(await page().content()).not.toContain(PAN);
    await drawer.getByRole('button', { name: 'Close details' }).click();
    await page().getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it('exports the current query as CSV', async () => {
    await openFresh(app.e2e, 'journal');
    await page().getByLabel('Outcome').selectOption('succeeded');
    await expect.poll(pagerText).toMatch(`${VIRTUAL_CARDS + 2} in all`);
    const csv = await exportCsvFrom(page().locator('.toolbar'));
    expect(csv.promised, 'the count on the export button').toBe(csv.rows.length);
    expect(csv.reportedRows).toBe(VIRTUAL_CARDS + 2);
    expect(new Set(csv.rows.map((r) => r.outcome))).toEqual(new Set(['succeeded']));
    // Each write in the operator's words beside the API's name, as on screen.
    for (const r of csv.rows)
      expect(r.operationName).toBe(r.operation === 'cards.create' ? 'Issue card' : 'Open account');
    expect(new Set(csv.rows.map((r) => r.id))).toEqual(
      new Set(entries.filter((e) => e.outcome === 'succeeded').map((e) => e.id)),
    );
    expect(JSON.stringify(csv.rows)).not.toContain(PAN);
    expect(app.e2e.problems).toEqual([]);
  });

  it('filters by write, date range and customer, in the address, and exports the same', async () => {
    await openFresh(app.e2e, 'journal');
    const filters = page().getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Write').selectOption('accounts.create');
    const accounts = entries.filter((e) => e.operation === 'accounts.create');
    await expect.poll(pagerText).toMatch(`${accounts.length} in all`);
    expect(page().url()).toContain('operation=accounts.create');
    await filters.getByLabel('Write').selectOption('');

    const customer = app.sandbox.fixtures.sampleCustomerIds[1]!;
    const theirs = entries.filter((e) => e.request.customerId === customer);
    expect(theirs.length).toBeGreaterThan(1);
    await filters.getByLabel('Customer').fill(customer);
    await expect.poll(pagerText).toMatch(`${theirs.length} in all`);
    // Every write was made today (UTC): a range ending yesterday holds none of them, one from today all.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await filters.getByLabel('From date').fill(yesterday);
    await filters.getByLabel('To date').fill(yesterday);
    await page().getByRole('status').filter({ hasText: 'No journal entry matches.' }).waitFor();
    await filters.getByLabel('To date').fill(today);
    await expect.poll(pagerText).toMatch(`${theirs.length} in all`);
    for (const part of [`customer=${customer}`, `fromDate=${yesterday}`, `toDate=${today}`])
      expect(page().url()).toContain(part);
    expect(await app.e2e.axeViolations()).toEqual([]);
    const csv = await exportCsvFrom(page().locator('.toolbar'));
    expect(csv.promised, 'the count on the export button').toBe(theirs.length);
    expect(new Set(csv.rows.map((r) => r.id))).toEqual(new Set(theirs.map((e) => e.id)));
    expect(csv.headers).toContain('customerName');
  });

  it('verifies the chain, and exports it naming the operator and signed; journal:verify, given the fingerprint Settings → About shows, accepts it and names a changed row', async () => {
    await openFresh(app.e2e, 'settings');
    const shown = page().getByTestId('export-key-fingerprint');
    await shown.waitFor();
    const fingerprint = (await shown.textContent())!;
    expect(fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    await openFresh(app.e2e, 'journal');
    await page().getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page().getByTestId('journal-verify').textContent())
      .toMatch(/^The journal is intact: \d+ events/);
    const csv = await exportCsvFrom(page().locator('.toolbar'));
    expect(csv.rows).toHaveLength(total);
    expect(new Set(csv.rows.map((r) => r.operator))).toEqual(new Set([userInfo().username]));
    expect(new Set(csv.rows.map((r) => r.host))).toEqual(new Set([hostname()]));
    const verify = (file: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src-main/journal/verify-cli.ts', file, '--key', fingerprint], {
        encoding: 'utf8',
      });
    expect(verify(csv.file).status).toBe(0);
    const text = readFileSync(csv.file, 'utf8');
    const changed = `${csv.file}.changed.csv`;
    writeFileSync(changed, text.replace(csv.rows[3]!.clientReference!, `${csv.rows[3]!.clientReference!}0`));
    const refused = verify(changed);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`row 4 (entry ${csv.rows[3]!.id}) was changed after it was exported`);
  });
});
