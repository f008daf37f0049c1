// The search the lists run (customers.search) reads what the lists show from the plain columns: the same
// customers in the same order as the whole search, each with the name, email, phone, KYC state, creation
// time and id the lists use, without opening a sealed record. A row written before the `shown` column
// (NULL) is listed by opening its record, as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListName } from '../../../src-shared/api/customer-name';
import { arrangeCustomers } from '../../../src-shared/api/customer-order';
import type { Customer } from '../../../src-shared/api/records';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { openReader } from '../../../src-main/cache/store/database';
import { RecordSeal } from '../../../src-main/cache/store/record-seal';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { nationalNumber } from '../../../src-main/cache/search/phone';
import { customer, fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { TEST_KEYS, testSeal } from '../../support/cache-keys';

const chosen: Customer[] = [
  customer(7000, { first: 'Chinọ́sọ', last: 'Ọkàfọ̀', other: 'Adaeze', email: 'Chinoso.Okafor@Example.NG' }),
  customer(7001, { first: 'Ada', last: 'Zubairu', phone: '0705 111 2222' }),
  // No display name: the list shows first, other and last names, in that order.
  { ...customer(7002, { first: 'Ada', last: 'Bello', other: 'Kemi' }), name: undefined },
  // A display name that is not the first words of the name words.
  { ...customer(7003, { first: 'Ada', last: 'Musa' }), name: 'Musa,  Ada' },
  // No name at all, not approved, no creation time.
  { _id: '5e0000000000000000007004', isApproved: false, emailAddress: 'ada.nameless@example.ng' },
  // KYC state unknown.
  { ...customer(7005, { first: 'Ada', last: 'Eze' }), isApproved: undefined },
];
const everyone = [...fillerCustomers(0, 600), ...chosen];
const QUERIES = ['ada', 'ada bello', 'Chinọ́sọ', 'musa ada', '0705 111 2222', 'ada.nameless@', 'chinoso.okafor', ''];

/** A seal that opens nothing: a listed search that opened a record would fail with it. */
class SealThatOpensNothing extends RecordSeal {
  override openGroup(): Buffer {
    throw new Error('a record was opened');
  }
  override openPackedGroup(): Buffer {
    throw new Error('a record was opened');
  }
}

let dir: string;
let file: string;
let whole: CustomerReader;
let listing: CustomerReader;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-listed-'));
  file = join(dir, 'customers.sqlite');
  syncedCacheFile(file, everyone);
  whole = new CustomerReader(openReader(file), testSeal, 1000);
  listing = new CustomerReader(openReader(file), new SealThatOpensNothing(TEST_KEYS), 1000);
});
afterAll(() => {
  whole.close();
  listing.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the lists read of a customer (CustomerList, the customer picker, arrangeCustomers). */
const asListed = (c: Customer) => ({
  id: c._id,
  name: customerListName(c),
  email: c.emailAddress?.toLowerCase(),
  phone: c.phoneNumber ? nationalNumber(c.phoneNumber) : undefined,
  isApproved: c.isApproved,
  createdAt: c.createdAt,
});

describe('the listed search', () => {
  it.each(QUERIES)('finds what the whole search finds for %j, with what the lists show, opening no record', (q) => {
    const full = whole.search(planSearch(q), 50);
    const listed = listing.search(planSearch(q), 50, true);
    expect(full.customers.length).toBeGreaterThan(0);
    expect(listed.total).toBe(full.total);
    expect(listed.customers.map(asListed)).toEqual(full.customers.map(asListed));
  });

  it('orders and narrows as the whole customers do', () => {
    const full = whole.search(planSearch('ada'), 200).customers;
    const listed = listing.search(planSearch('ada'), 200, true).customers;
    for (const sort of ['name', 'createdAt', 'kyc'] as const) {
      const ids = (cs: Customer[]) => arrangeCustomers(cs, { sort, kyc: 'approved' }).map((c) => c._id);
      expect(ids(listed), sort).toEqual(ids(full));
    }
  });

  it('holds nothing beyond the plain columns', () => {
    const [c] = listing.search(planSearch('Chinọ́sọ'), 1, true).customers;
    expect(c).toEqual({
      _id: chosen[0]!._id,
      name: 'Chinọ́sọ Ọkàfọ̀',
      // The name words the shown name leaves out (from the names column), so a list can say why a search matched.
      individual: { otherNames: 'Adaeze' },
      isApproved: true,
      emailAddress: 'chinoso.okafor@example.ng',
      phoneNumber: chosen[0]!.phoneNumber,
      createdAt: '2024-01-01T00:00:00.000Z',
    });
  });

  it('opens the record of a row written before the shown column', () => {
    const db = new DatabaseSync(file);
    db.prepare('UPDATE customers SET shown = NULL WHERE id = ?').run(chosen[1]!._id);
    db.close();
    const fresh = new CustomerReader(openReader(file), testSeal, 1000);
    try {
      const [c] = fresh.search(planSearch('zubairu'), 5, true).customers;
      expect(c).toEqual(chosen[1]);
      expect(() => listing.search(planSearch('zubairu'), 5, true)).toThrow('a record was opened');
    } finally {
      fresh.close();
    }
  });
});
