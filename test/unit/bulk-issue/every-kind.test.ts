// A file carries every field a single card can take: a MasterCard's amount, a Visa's expiry, a bank account
// to map to, a replacement with its reason, 2FA and the PIN by SMS, and spending controls with channels and
// categories. The template's example rows, one per kind, pass the shared checks; other names for the new
// columns are matched forgivingly; a bad cell names its column.
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS } from '../../../src-shared/ipc/channels/bulk-issue';
import { matchColumns, templateCsv, templateExamples } from '../../../src-main/bulk-issue/columns';
import { readCsv } from '../../../src-main/bulk-issue/csv-input';
import { cellsOf, checkRequest, draftRequest } from '../../../src-main/bulk-issue/row-request';

const customer = 'c'.repeat(24);
const fields = matchColumns([...BULK_COLUMNS]).map((c) => c.field);
const rowOf = (cells: Partial<Record<(typeof BULK_COLUMNS)[number], string>>) =>
  cellsOf(
    BULK_COLUMNS.map((c) => cells[c] ?? ''),
    fields,
  );

describe('the template', () => {
  it('has one example row per kind, and each passes the checks a real row gets', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    const table = readCsv(templateCsv(now));
    if (!table.ok) throw new Error(table.message);
    expect(table.table.headers).toEqual([...BULK_COLUMNS]);
    const requests = table.table.rows.map((values) => {
      const { draft, problems } = draftRequest(cellsOf(values, fields), () => null);
      expect(problems).toEqual([]);
      const checked = checkRequest(draft, customer);
      if (!checked.ok) throw new Error(checked.problems.join('; '));
      return checked.request;
    });
    expect(requests).toHaveLength(templateExamples(now).length);
    expect(requests.map((r) => r.brand)).toEqual(['Verve', 'MasterCard', 'Visa', 'AfriGo', 'Verve', 'Verve']);
    expect(requests[1]).toMatchObject({ amount: 50 });
    expect(requests[2]).toMatchObject({ expirationDate: 'Nov-2028' });
    expect(requests[3]).toMatchObject({ bankCode: '058', accountNumber: '0123456789' });
    expect(requests[4]!.fundingSourceId).toMatch(/^[0-9a-f]{24}$/);
    expect(requests[5]).toMatchObject({ reason: 'lost' });
    expect(requests[0]!.spendingControls).toEqual({
      channels: { atm: false, pos: true, web: true, mobile: false },
      blockedCategories: ['gambling'],
      spendingLimits: [{ amount: 50000, interval: 'daily' }],
    });
  });
});

describe('the new columns', () => {
  it('are matched from the names people use', () => {
    const m = matchColumns([
      'Email',
      'Funding amount',
      'Expiry',
      'Bank',
      'Account No',
      'Replaces',
      'Reason',
      'Channels',
    ]);
    expect(m.map((c) => c.field)).toEqual([
      'customer',
      'amount',
      'expirationDate',
      'bankCode',
      'accountNumber',
      'replacementFor',
      'reason',
      'channels',
    ]);
  });

  it('read a MasterCard, a Visa, a bank account, a replacement and the yes/no switches', () => {
    const read = (cells: Parameters<typeof rowOf>[0]) => {
      const { draft, problems } = draftRequest(rowOf(cells), () => null);
      return { problems, checked: checkRequest(draft, customer) };
    };
    const base = { type: 'virtual', status: 'active', debitAccountId: 'a'.repeat(24) };
    expect(read({ ...base, brand: 'mastercard', currency: 'usd', amount: '$1,250.50' }).checked).toMatchObject({
      ok: true,
      request: { brand: 'MasterCard', amount: 1250.5 },
    });
    expect(read({ ...base, brand: 'Visa', currency: 'USD', expirationDate: '03/28' }).checked).toMatchObject({
      ok: true,
      request: { expirationDate: 'Mar-2028' },
    });
    // A spreadsheet that dropped the leading zeros gets them back.
    expect(
      read({ ...base, brand: 'Verve', currency: 'NGN', bankCode: '58', accountNumber: '123456789' }).checked,
    ).toMatchObject({ ok: true, request: { bankCode: '058', accountNumber: '0123456789' } });
    expect(
      read({
        type: 'virtual',
        status: 'active',
        brand: 'Verve',
        currency: 'NGN',
        replacementFor: 'B'.repeat(24),
        reason: 'Stolen',
      }).checked,
    ).toMatchObject({ ok: true, request: { replacementFor: 'b'.repeat(24), reason: 'stolen' } });
    expect(
      read({ ...base, brand: 'Verve', currency: 'NGN', enable2FA: 'Yes', sendPINSMS: 'no', issuerCountry: 'usa' })
        .checked,
    ).toMatchObject({ ok: true, request: { enable2FA: true, issuerCountry: 'USA' } });
  });

  it('name the column of a cell that cannot be read, in the operator’s words', () => {
    const base = { type: 'virtual', status: 'active', debitAccountId: 'a'.repeat(24), currency: 'NGN' };
    const { draft, problems } = draftRequest(
      rowOf({ ...base, brand: 'MasterCard', amount: 'lots', channels: 'pos, fax', enable2FA: 'maybe' }),
      () => null,
    );
    expect(problems).toEqual([
      'amount: lots is not an amount',
      'enable2FA: write yes or no, not "maybe"',
      'channels: fax is not a channel: write atm, pos, web and mobile, or all',
    ]);
    expect(checkRequest(draft, customer)).toEqual({
      ok: false,
      problems: ['amount: Enter a funding amount: a MasterCard needs one'],
    });
    const visaOnly = draftRequest(rowOf({ ...base, brand: 'Verve', expirationDate: 'Jan-2028' }), () => null);
    expect(checkRequest(visaOnly.draft, customer)).toEqual({
      ok: false,
      problems: ['expirationDate: Only a Visa card takes an expiry date'],
    });
  });
});
