// Checking a file reads its customers as the lists show them (name, KYC state) from a real cache file, and
// opens a customer's sealed record only for a row whose bank account's holder is compared with the
// customer: that comparison needs the first and last names apart, which the listed name does not keep.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import type { CustomerLookup } from '../../../src-main/bulk-issue/customer-match';
import { checkFile } from '../../../src-main/bulk-issue/preview';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { openReader } from '../../../src-main/cache/store/database';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { customer, fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

// Known to the bank by her full surname; her display name leaves its second word out.
const ngozi: Customer = { ...customer(9101, { first: 'Ngozi', last: 'Eze Okafor' }), name: 'Ngozi Eze' };
const tunde: Customer = { ...customer(9102, { first: 'Tunde', last: 'Bakare' }), isApproved: false };
const DEBIT = 'd'.repeat(24);
const HEADER = 'customer,type,brand,currency,status,debitAccountId,bankCode,accountNumber,reference';
/** Who the bank says holds each account (the name enquiry). */
const HOLDERS: Record<string, string> = { '0123456789': 'NGOZI EZE', '0987654321': 'OKAFOR NGOZI EZE' };

let dir: string;
let reader: CustomerReader;
let journal: Journal;
const opened: string[] = [];
const lookup: CustomerLookup = {
  get: async (id) => {
    opened.push(id);
    return reader.get(id);
  },
  search: async (query, limit = 20) => ({ results: reader.search(planSearch(query), limit).customers }),
  findExact: async (keys) => reader.findExact(keys),
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-check-records-'));
  const file = join(dir, 'customers.sqlite');
  syncedCacheFile(file, [...fillerCustomers(0, 300), ngozi, tunde]);
  reader = new CustomerReader(openReader(file), testSeal);
  journal = openJournal({
    file: join(dir, 'journal.sqlite'),
    key: TEST_CHAIN_KEY,
    operator: { user: 'ada', host: 'DESK-1' },
  });
});
afterAll(() => {
  journal.close();
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

async function check(lines: string[]) {
  opened.length = 0;
  const result = await checkFile(
    [HEADER, ...lines].join('\n'),
    {},
    {
      lookup,
      journal,
      environmentId: 'sandbox',
      accounts: async () => new Map(),
      holderOf: async (_bank, account) => HOLDERS[account] ?? null,
    },
  );
  if (!result.ok) throw new Error(result.message);
  return result.checked;
}

describe('checking a file against the customer cache', () => {
  it("lists each row's customer by name and KYC state without opening a record", async () => {
    const checked = await check([
      `${ngozi._id},virtual,Verve,NGN,active,${DEBIT},,,R1`,
      `${tunde.emailAddress},virtual,Verve,NGN,active,${DEBIT},,,R2`,
      `${tunde.phoneNumber},virtual,Verve,NGN,active,${DEBIT},,,R3`,
    ]);
    expect(checked.rows.map((r) => [r.status, r.customerName, r.kyc])).toEqual([
      ['ready', 'Ngozi Eze', 'approved'],
      ['ready', 'Tunde Bakare', 'not_approved'],
      ['duplicate_in_file', 'Tunde Bakare', 'not_approved'],
    ]);
    expect(opened).toEqual([]);
  });

  it("compares a bank account's holder with the customer's whole record, opened for that row alone", async () => {
    const checked = await check([
      `${ngozi._id},virtual,Verve,NGN,active,${DEBIT},058,0123456789,R1`,
      `${ngozi.emailAddress},virtual,Verve,NGN,active,${DEBIT},058,0987654321,R2`,
      `${tunde._id},virtual,Verve,NGN,active,${DEBIT},,,R3`,
    ]);
    // "NGOZI EZE" covers her display name, but not the surname the bank knows her by.
    expect(checked.rows[0]).toMatchObject({ status: 'invalid', customerName: 'Ngozi Eze' });
    expect(checked.rows[0]!.message).toContain('the account is held by NGOZI EZE, not Ngozi Eze');
    expect(checked.rows[1]).toMatchObject({ status: 'ready', customerName: 'Ngozi Eze' });
    expect(checked.stored[1]!.request).toMatchObject({
      metadata: { accountHolderName: 'OKAFOR NGOZI EZE', holderNameCheck: 'matches the customer' },
    });
    expect(opened).toEqual([ngozi._id, ngozi._id]);
  });
});
