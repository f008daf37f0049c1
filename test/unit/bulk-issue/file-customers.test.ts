// A file's customers found at once: every id, email, phone number and BVN/NIN of the file looked up in a
// few set queries of a real cache file (store/exact-lookup.ts), giving each row the same match as looking
// its customer up alone (a search per row): one customer, none, or several named. The customers found at
// once are read as the lists show them, no sealed record opened: a BVN/NIN is matched by its blind index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import {
  type CustomerMatch,
  matchCustomer,
  matchCustomers,
  type CustomerLookup,
} from '../../../src-main/bulk-issue/customer-match';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { openReader } from '../../../src-main/cache/store/database';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { customer, fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const withIdentity = (c: Customer, number: string): Customer => ({
  ...c,
  individual: { ...c.individual!, identity: { type: 'BVN', number } },
});
const chosen = [
  withIdentity(customer(9001, { first: 'Ngozi', last: 'Eze', phone: '+2348031234567' }), '22123456789'),
  // Two customers with one phone number: a row naming it is ambiguous.
  customer(9002, { first: 'Tunde', last: 'Bakare', phone: '+2348099990000' }),
  customer(9003, { first: 'Tola', last: 'Bakare', phone: '0809 999 0000' }),
  customer(9004, { first: 'Kemi', last: 'Ade', email: 'Kemi.Ade@Example.ng' }),
  // A phone number that is another customer's BVN: an 11-digit row finds both.
  withIdentity(customer(9005, { first: 'Musa', last: 'Sani', phone: '+2347012345678' }), '07031112222'),
  customer(9006, { first: 'Ife', last: 'Obi', phone: '+2347031112222' }),
];
const everyone = [...fillerCustomers(0, 450), ...chosen];

const ROWS = [
  chosen[0]!._id,
  chosen[0]!._id.toUpperCase(),
  ` ${chosen[3]!.emailAddress!.toUpperCase()} `,
  'kemi.ade@example.ng',
  '+234 803 123 4567',
  '08031234567',
  '22123456789',
  '08099990000',
  '07031112222',
  everyone[17]!.emailAddress!,
  everyone[200]!.phoneNumber!,
  everyone[449]!._id,
  '5e0000000000000000000fff',
  'nobody@example.ng',
  '0701 000 0000',
  '99999999999',
  'Ngozi Eze',
  '',
];

let dir: string;
let reader: CustomerReader;
let lookup: CustomerLookup;
const exactCalls: unknown[] = [];

/** A match as the preview shows it: its kind, the customers' ids, and the message naming them. */
const shown = (m: CustomerMatch) => ({
  kind: m.kind,
  ids: m.kind === 'one' ? [m.customer._id] : m.kind === 'several' ? m.candidates.map((c) => c._id) : [],
  message: m.kind === 'one' ? null : m.message,
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-customers-'));
  const file = join(dir, 'customers.sqlite');
  syncedCacheFile(file, everyone);
  reader = new CustomerReader(openReader(file), testSeal);
  lookup = {
    get: async (id) => reader.get(id),
    search: async (query, limit = 20) => ({ results: reader.search(planSearch(query), limit).customers }),
    findExact: async (keys) => {
      exactCalls.push(keys);
      return reader.findExact(keys);
    },
  };
});
afterAll(() => {
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a file's customers", () => {
  it('are found in one set look-up, each row matched as a look-up of it alone matches it', async () => {
    const alone = [];
    for (const row of ROWS) alone.push(await matchCustomer(lookup, row));
    exactCalls.length = 0;
    const atOnce = await matchCustomers(lookup, ROWS);
    expect(exactCalls).toHaveLength(1);
    expect(atOnce.map(shown)).toEqual(alone.map(shown));
    expect(atOnce.map((m) => m.kind)).toEqual([
      'one',
      'one',
      'one',
      'one',
      'one',
      'one',
      'one',
      'several',
      'several',
      'one',
      'one',
      'one',
      'none',
      'none',
      'none',
      'none',
      'none',
      'none',
    ]);
    const several = atOnce[7]!;
    expect(several.kind === 'several' && several.candidates.map((c) => c._id).sort()).toEqual(
      [chosen[1]!._id, chosen[2]!._id].sort(),
    );
    expect(several.kind === 'several' && several.message).toContain('2 customers match 08099990000: Tunde Bakare');
    // Found by its BVN, read as the lists show it: the number itself stays in the sealed record.
    const one = atOnce[6]!;
    expect(one.kind === 'one' && one.customer).toMatchObject({ _id: chosen[0]!._id, name: 'Ngozi Eze' });
    expect(one.kind === 'one' && one.customer.individual?.identity).toBeUndefined();
    expect(alone[6]!.kind === 'one' && alone[6]!.customer).toEqual(chosen[0]);
  });

  it('reads the whole records when asked, and names the BVN/NIN each customer was found by', () => {
    const whole = reader.findExact({ identities: ['22123456789', '07031112222', '99999999999'] }, false);
    expect(whole.customers).toEqual([chosen[0], chosen[4]]);
    expect([...whole.identities]).toEqual([
      [chosen[0]!._id, '22123456789'],
      [chosen[4]!._id, '07031112222'],
    ]);
  });

  it('finds by email the customers a stopped sync left out of the email index', () => {
    const file = join(dir, 'email-tail.sqlite');
    syncedCacheFile(file, everyone);
    // As a sync stopped part-way leaves the file: the later rows' emails not yet in customer_emails.
    const db = new DatabaseSync(file);
    db.exec(
      `DELETE FROM customer_emails WHERE seq > 100; UPDATE meta SET value = 100 WHERE key = 'emails_through_seq'`,
    );
    db.close();
    const tail = new CustomerReader(openReader(file), testSeal);
    try {
      const emails = [everyone[5]!.emailAddress!, everyone[300]!.emailAddress!, chosen[3]!.emailAddress!.toLowerCase()];
      expect(tail.findExact({ emails }).customers.map((c) => c._id)).toEqual([
        everyone[5]!._id,
        everyone[300]!._id,
        chosen[3]!._id,
      ]);
    } finally {
      tail.close();
    }
  });

  it('finds nothing for no keys, and each customer once however many keys name it', () => {
    expect(reader.findExact({}).customers).toEqual([]);
    const found = reader.findExact({
      ids: [chosen[0]!._id, chosen[0]!._id],
      emails: [chosen[0]!.emailAddress!],
      phones: ['8031234567'],
      identities: ['22123456789'],
    });
    expect(found.customers.map((c) => c._id)).toEqual([chosen[0]!._id]);
    expect([...found.identities]).toEqual([[chosen[0]!._id, '22123456789']]);
  });
});
