// Reading the operator's CSV and matching its columns: BOM, comma or semicolon, quoted fields, blank
// lines, the row limit, the template's header, and forgiving names shown as guesses.
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS } from '../../../src-shared/ipc/channels/bulk-issue';
import { matchColumns, missingColumns, templateCsv } from '../../../src-main/bulk-issue/columns';
import { delimiterOf, readCsv } from '../../../src-main/bulk-issue/csv-input';
import { maskCustomerText } from '../../../src-main/bulk-issue/mask';
import { kindOfCustomerText } from '../../../src-main/bulk-issue/customer-match';
import { cellsOf, checkRequest, draftRequest } from '../../../src-main/bulk-issue/row-request';

describe('readCsv', () => {
  it('reads a file with a byte order mark, commas, quotes and line breaks inside quotes', () => {
    const r = readCsv('\uFEFFcustomer,reference\r\n"a@b.ng","Smith, ""Jo""\nline two"\r\n\r\nx@y.ng,R2\r\n');
    expect(r).toEqual({
      ok: true,
      table: {
        headers: ['customer', 'reference'],
        rows: [
          ['a@b.ng', 'Smith, "Jo"\nline two'],
          ['x@y.ng', 'R2'],
        ],
      },
    });
  });

  it('reads semicolon-separated files, as spreadsheets in many locales save them', () => {
    expect(delimiterOf('customer;type;amount\n')).toBe(';');
    expect(delimiterOf('"a;b",c\n')).toBe(',');
    const r = readCsv('customer;type;spendingLimit\nabc;virtual;"1,500.00"\n;;\n');
    expect(r.ok && r.table.rows).toEqual([['abc', 'virtual', '1,500.00']]);
  });

  it('refuses files with more rows than allowed, or none, and says why', () => {
    const many = ['customer', ...Array.from({ length: 6 }, (_, i) => `c${i}`)].join('\n');
    expect(readCsv(many, 5)).toMatchObject({ ok: false, message: expect.stringContaining('more than 5 rows') });
    expect(readCsv(many, 6).ok).toBe(true);
    expect(readCsv('customer\n')).toMatchObject({ ok: false, message: expect.stringContaining('no rows') });
    expect(readCsv('customer,"unterminated\n')).toMatchObject({ ok: false, message: expect.stringContaining('CSV') });
  });
});

describe('matchColumns', () => {
  it('takes the template header as it is, in any case, guessing nothing', () => {
    const m = matchColumns(BULK_COLUMNS.map((c) => c.toUpperCase()));
    expect(m.map((c) => c.field)).toEqual([...BULK_COLUMNS]);
    expect(m.some((c) => c.guessed)).toBe(false);
    expect(missingColumns(m)).toEqual([]);
  });

  it('matches other names forgivingly and marks them as guesses; the operator’s choice wins', () => {
    const m = matchColumns(['Employee Email', 'Card Type', 'Scheme', 'Debit account', 'Limit', 'Staff ID', 'Notes']);
    expect(m).toEqual([
      { header: 'Employee Email', field: null, guessed: false },
      { header: 'Card Type', field: 'type', guessed: true },
      { header: 'Scheme', field: 'brand', guessed: true },
      { header: 'Debit account', field: 'debitAccountId', guessed: true },
      { header: 'Limit', field: 'spendingLimit', guessed: true },
      { header: 'Staff ID', field: 'reference', guessed: true },
      { header: 'Notes', field: null, guessed: false },
    ]);
    const fixed = matchColumns(['Employee Email', 'Card Type'], { 'Employee Email': 'customer' });
    expect(fixed[0]).toEqual({ header: 'Employee Email', field: 'customer', guessed: false });
    // A column named outright is never taken by a guess.
    expect(matchColumns(['email', 'customer']).map((c) => c.field)).toEqual([null, 'customer']);
  });

  it('offers the template with exactly the documented header, then its example rows', () => {
    expect(templateCsv().split('\r\n')[0]).toBe(
      'customer,type,brand,currency,status,amount,expirationDate,debitAccountId,fundingSourceId,accountId,bankCode,accountNumber,mapAnywayBecause,replacementFor,reason,issuerCountry,enable2FA,sendPINSMS,spendingLimit,spendingInterval,channels,allowedCategories,blockedCategories,reference',
    );
  });
});

describe('a row as a request', () => {
  const fields = matchColumns([...BULK_COLUMNS]).map((c) => c.field);
  const account = 'a'.repeat(24);
  const customer = 'c'.repeat(24);
  /** A row's values in the template's column order. */
  const valuesOf = (cells: Partial<Record<(typeof BULK_COLUMNS)[number], string>>) =>
    BULK_COLUMNS.map((c) => cells[c] ?? '');

  it('reads what people type with the wizard’s rules', () => {
    const cells = cellsOf(
      valuesOf({
        customer: 'x',
        type: 'Virtual',
        brand: 'verve',
        currency: 'ngn',
        status: 'Active',
        debitAccountId: account.toUpperCase(),
        spendingLimit: '1,500.50',
        spendingInterval: 'Daily',
        reference: 'E1',
      }),
      fields,
    );
    const { draft, problems } = draftRequest(cells, () => null);
    expect(problems).toEqual([]);
    expect(checkRequest(draft, customer)).toEqual({
      ok: true,
      request: {
        customerId: customer,
        type: 'virtual',
        brand: 'Verve',
        currency: 'NGN',
        status: 'active',
        debitAccountId: account,
        spendingControls: { spendingLimits: [{ amount: 1500.5, interval: 'daily' }] },
        metadata: { reference: 'E1' },
      },
    });
  });

  it('names each problem by its column', () => {
    const cells = cellsOf(
      valuesOf({
        customer: 'x',
        type: 'virtual',
        brand: 'Amex',
        status: 'active',
        accountId: 'f'.repeat(24),
        spendingLimit: '10',
      }),
      fields,
    );
    const { draft, problems } = draftRequest(cells, () => null);
    const checked = checkRequest(draft, customer);
    expect(problems).toEqual([
      `accountId: ${'f'.repeat(24)} is not an account of this business`,
      'spendingInterval is required with spendingLimit',
    ]);
    // The column first, then what is wrong in the operator's words.
    expect(!checked.ok && checked.problems).toEqual(
      expect.arrayContaining([
        'brand: Choose the brand: one of Verve, AfriGo, MasterCard, Visa',
        'currency: Choose a currency',
      ]),
    );
    // The card's own rules once its fields are all there: a virtual card draws on an account.
    const virtual = draftRequest(
      cellsOf(valuesOf({ customer: 'x', type: 'virtual', brand: 'Verve', currency: 'NGN', status: 'active' }), fields),
      () => null,
    );
    expect(checkRequest(virtual.draft, customer)).toEqual({
      ok: false,
      problems: ['debitAccountId: Choose the account the card draws on'],
    });
  });
});

describe('the customer column', () => {
  it('is read as an id, an email, a phone number or a BVN/NIN', () => {
    expect(kindOfCustomerText(' 61CF9E23C3169B9B19000027 ')).toBe('id');
    expect(kindOfCustomerText('ada@bank.ng')).toBe('email');
    expect(kindOfCustomerText('22100000042')).toBe('identity');
    expect(kindOfCustomerText('+234 803 123 4567')).toBe('phone');
    expect(kindOfCustomerText('Ada Obi')).toBe('unknown');
  });

  it('is kept masked: no email, phone or BVN/NIN in plain form', () => {
    expect(maskCustomerText('61CF9E23C3169B9B19000027')).toBe('61cf9e23c3169b9b19000027');
    expect(maskCustomerText('adaeze.okafor@bank.ng')).toBe('a************@bank.ng');
    expect(maskCustomerText('+234 803 123 4567')).toBe('*********4567');
    expect(maskCustomerText('22100000042')).toBe('*******0042');
  });
});
