// Issue from a file in Chromium against the real handlers, journal and local sandbox: the template
// download, a file with forgiving column names (shown as guesses), the preview's counts and rows, the
// confirmation typed in words, the entry under Issue, the batch's progress, the results CSV with the file's own columns to its end, the results CSV, and the batch in the Journal.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as csvParse } from 'csv-parse/sync';
import { readCsv, readCsvObjects } from '../support/read-csv';
import { RESULT_COLUMNS } from '../support/bulk-fixture';
import { appWithCustomerCache, openFresh } from './shared-app';

const app = appWithCustomerCache({ seed: 2929, customers: 40 });

const cardPosts = () => app.sandbox.requests().filter((r) => r.method === 'POST' && r.url.startsWith('/cards')).length;

describe('Issue from a file', () => {
  it('saves the template with exactly the documented header', async () => {
    const { page } = app.e2e;
    await openFresh(app.e2e, 'bulk-issue');
    await page.getByRole('button', { name: 'Download the template' }).click();
    // Where it went is said: the name and the folder the operator chose.
    await page
      .getByRole('status')
      .filter({ hasText: `Template saved as issue-cards-template.csv in ${app.e2e.harness.saveDir}.` })
      .waitFor();
    const text = await readFile(join(app.e2e.harness.saveDir, 'issue-cards-template.csv'), 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      'customer,type,brand,currency,status,amount,expirationDate,debitAccountId,fundingSourceId,accountId,bankCode,accountNumber,mapAnywayBecause,replacementFor,reason,issuerCountry,enable2FA,sendPINSMS,spendingLimit,spendingInterval,channels,allowedCategories,blockedCategories,reference',
    );
  });

  it('checks a file, issues its ready rows once the count is typed, and shows the results', async () => {
    const { page } = app.e2e;
    await openFresh(app.e2e, 'bulk-issue');
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const ids = app.customers.slice(0, 10).map((c) => c._id);
    // Columns the app does not use come back in the results as written: a note with the separator inside
    // quotes, and one a spreadsheet would run as a formula.
    const lines = [
      'Customer ID;Card Type;brand;currency;status;debitAccountId;Staff ID;Note',
      ...ids.map(
        (id, i) =>
          `${i === 3 ? id.toUpperCase() : id};virtual;verve;NGN;active;${account};S-${i + 1};${i === 2 ? '=SUM(1,2)' : i === 5 ? '@cmd' : `"Floor ${i}; desk ${i}"`}`,
      ),
      `nobody@example.invalid;virtual;Verve;NGN;active;${account};S-11;`,
      `${ids[0]};virtual;verve;NGN;active;${account};S-1;again`,
    ];
    const before = cardPosts();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'team.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}`),
    });
    await expect.poll(() => page.getByTestId('count-ready').textContent()).toBe('10 ready');
    expect(await page.getByTestId('count-to-fix').textContent()).toBe('1 to fix');
    expect(await page.getByTestId('count-to-skip').textContent()).toBe('1 to skip');
    // Names not the template's own are guesses for the operator to check.
    expect(await page.locator('.bulk-guessed').count()).toBe(3);
    expect(await page.getByLabel('Column Customer ID').inputValue()).toBe('customer');
    // The choices read in the operator's words, not the API's field names.
    expect(await page.getByLabel('Column debitAccountId').locator('option:checked').textContent()).toBe(
      'Debit account (number or id)',
    );
    const unknownRow = page.locator('[data-row="11"]');
    await expect.poll(() => unknownRow.getAttribute('data-status')).toBe('not_found');
    expect(await unknownRow.textContent()).toContain('No customer in the offline cache');
    expect(await page.locator('[data-row="12"]').textContent()).toContain('row 1');
    expect(await page.locator('[data-row="1"]').textContent()).toContain(app.customers[0]!.name!);

    const issue = page.getByRole('button', { name: 'Issue ten cards' });
    await page.getByLabel('Number of cards to issue, in words').fill('Ten');
    await issue.click();

    const state = page.getByTestId('batch-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    expect(await page.getByTestId('issued').textContent()).toBe('Issued 10');
    expect(cardPosts() - before).toBe(10);
    const results = page.getByRole('table', { name: 'Results' });
    // Twelve rows under a header row.
    await expect.poll(() => results.getByRole('row').count()).toBe(13);
    expect(await results.getByRole('columnheader').allTextContents()).toEqual([
      'Row',
      'Outcome',
      'Customer',
      'Card',
      'Card id, or why',
    ]);
    expect(await results.locator('[data-outcome="issued"]').count()).toBe(10);

    await page.getByRole('button', { name: 'Save the results CSV' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Results saved as' });
    await saved.waitFor();
    const said = `in ${app.e2e.harness.saveDir}.`;
    const name = ((await saved.textContent()) ?? '').replace(/^Results saved as (.+) in (.+)\.$/, '$1');
    expect(await saved.textContent()).toContain(said);
    const text = await readFile(join(app.e2e.harness.saveDir, name), 'utf8');
    const [header, ...records] = readCsv(text);
    // The file's own columns first, as written and in their order, then what became of each row.
    expect(header).toEqual([...lines[0]!.split(';'), ...RESULT_COLUMNS]);
    const input: string[][] = csvParse(lines.join('\n'), { delimiter: ';' });
    expect(records).toHaveLength(12);
    for (const [i, record] of records.entries()) {
      // The formula is neutralised as in every export; every other cell is the operator's own.
      const expected = input[i + 1]!.map((cell) => (/^[=@]/.test(cell) ? `'${cell}` : cell));
      expect(record.slice(0, 8), `row ${i + 1}`).toEqual(expected);
    }
    const csv = readCsvObjects(text);
    expect(csv.rows.filter((r) => r.outcome === 'issued')).toHaveLength(10);
    expect(csv.rows.filter((r) => r.outcome === 'issued').every((r) => /^[0-9a-f]{24}$/.test(r.cardId!))).toBe(true);
    expect(csv.rows.filter((r) => r.outcome === 'issued').every((r) => /\d{4}$/.test(r.maskedPan!))).toBe(true);
    expect(csv.rows.find((r) => r.row === '11')).toMatchObject({ outcome: 'skipped', cardId: '' });
    expect(csv.rows.find((r) => r.row === '11')!.error).toContain('No customer in the offline cache');
    expect(csv.rows.find((r) => r.row === '12')!.error).toContain('row 1');

    await page.getByRole('link', { name: 'This batch in the Journal' }).click();
    await page.getByTestId('batch-filter').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Journal entries' }).getByRole('row').count()).toBe(11);
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('shows the number of cards in words and sends nothing until it is typed in words', async () => {
    const { page } = app.e2e;
    await openFresh(app.e2e, 'bulk-issue');
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const lines = [
      'customer,type,brand,currency,status,debitAccountId,reference',
      ...app.customers.slice(10, 30).map((c, i) => `${c._id},virtual,Verve,NGN,active,${account},W-${i + 1}`),
    ];
    const before = cardPosts();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'words.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    await expect.poll(() => page.getByTestId('count-ready').textContent()).toBe('20 ready');
    expect(await page.getByTestId('cards-in-words').textContent()).toBe('twenty cards');
    // The confirmation names where the cards go, as every write's review does.
    expect(await page.getByTestId('write-target').textContent()).toMatch(
      /Sends to Local sandbox.*http:\/\/127\.0\.0\.1/,
    );
    const issue = page.getByRole('button', { name: 'Issue twenty cards' });
    const typed = page.getByLabel('Number of cards to issue, in words');
    // Digits are not the number in words: the page says so and keeps the button off.
    await typed.fill('20');
    expect(await issue.isDisabled()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Type the number in words, not digits' }).waitFor();
    for (const wrong of ['twenty one', 'twelve', 'twenty cards please']) {
      await typed.fill(wrong);
      expect(await issue.isDisabled(), wrong).toBe(true);
    }
    for (const right of ['Twenty', '  TWENTY  cards ', 'twenty.']) {
      await typed.fill(right);
      expect(await issue.isDisabled(), right).toBe(false);
    }
    expect(cardPosts()).toBe(before);
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('is reached from Issue: beside Issue a card, and from the Issue a card dialog', async () => {
    const { page } = app.e2e;
    await openFresh(app.e2e, 'cards');
    const header = page.locator('.page-header');
    await header.getByRole('link', { name: 'Issue from a file' }).click();
    await page.getByRole('heading', { name: 'Issue from a file', level: 1 }).waitFor();
    await page.getByLabel('CSV file').waitFor();

    await openFresh(app.e2e, 'cards');
    await header.getByRole('button', { name: 'Issue a card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue a card' });
    await dialog.getByRole('link', { name: 'Issue from a file' }).click();
    await page.getByLabel('CSV file').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toMatch(/#\/bulk-issue$/);
  });

  it('reads a UTF-16 file by its mark, and refuses a Windows-1252 one naming its first line that is not UTF-8', async () => {
    const { page } = app.e2e;
    await openFresh(app.e2e, 'bulk-issue');
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const rows = app.customers.slice(38, 40).map((c, i) => `${c._id},virtual,Verve,NGN,active,${account},Renée-${i}`);
    const text = ['customer,type,brand,currency,status,debitAccountId,reference', ...rows].join('\r\n');
    const before = cardPosts();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'excel.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text, 'latin1'),
    });
    const refused = page.getByRole('alert').filter({ hasText: 'The file is not UTF-8 text' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('line 2 holds bytes that are not UTF-8');
    expect(await page.getByTestId('count-ready').count()).toBe(0);

    await page.getByLabel('CSV file').setInputFiles({
      name: 'unicode.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${text}`, 'utf16le'),
    });
    // Read as UTF-8, its NUL bytes would have refused it; read by its mark, both rows are ready.
    await expect.poll(() => page.getByTestId('count-ready').textContent()).toBe('2 ready');
    expect(await page.getByRole('alert').filter({ hasText: 'UTF-8' }).count()).toBe(0);
    expect(cardPosts()).toBe(before);
  });

  it('shows a row whose connection dropped after the request as not issued, in the progress and the results', async () => {
    const { page } = app.e2e;
    await openFresh(app.e2e, 'bulk-issue');
    const account = app.sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const lines = [
      'customer,type,brand,currency,status,debitAccountId,reference',
      ...app.customers.slice(32, 37).map((c, i) => `${c._id},virtual,Verve,NGN,active,${account},D-${i + 1}`),
    ];
    await page.getByLabel('CSV file').setInputFiles({
      name: 'dropped.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    await expect.poll(() => page.getByTestId('count-ready').textContent()).toBe('5 ready');
    // The first card request reaches the service, which drops the connection without making the card.
    app.sandbox.faults.add({ kind: 'reset', endpoint: 'POST /cards', count: 1 });
    await page.getByLabel('Number of cards to issue, in words').fill('five');
    await page.getByRole('button', { name: 'Issue five cards' }).click();
    const state = page.getByTestId('batch-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    expect(await page.getByTestId('issued').textContent()).toBe('Issued 4');
    expect(await page.getByTestId('not-issued').textContent()).toBe('Not issued 1');
    expect(await page.getByTestId('unknown').textContent()).toBe('Unknown 0');
    const row = page.getByRole('table', { name: 'Results' }).locator('[data-row="1"]');
    await expect.poll(() => row.getAttribute('data-outcome')).toBe('not_issued');
    expect(await row.textContent()).toContain('Not issued');
    expect(await row.textContent()).toContain('all 4 cards this batch issued within 15 minutes of it show there');
  });
});
