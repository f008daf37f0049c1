// The cache's SQLite search on a real file filled with made-up customers (no service involved).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { openReader } from '../../../src-main/cache/store/database';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { customer, fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const chosen = [
  customer(5000, {
    first: 'Chinọ́sọ',
    last: 'Ọkàfọ̀',
    other: 'Adaeze Ngozi',
    phone: '+2348031234567',
    email: 'Chinoso.Okafor@Example.NG',
  }),
  customer(5001, { first: 'José', last: 'Émeka', phone: '08059876543' }),
  customer(5002, { first: 'Adaobi', last: 'Okoro', phone: '0705 111 2222' }),
  customer(5003, { first: 'Ada', last: 'Zubairu', phone: '2349012345678' }),
];
// Listed first by the service, and only a prefix match of "Ada".
const listedFirst = customer(6000, { first: 'Adaora', last: 'Okafor' });
const everyone = [listedFirst, ...fillerCustomers(0, 2000), ...chosen];

let dir: string;
let reader: CustomerReader;
const search = (q: string, limit = 50) => reader.search(planSearch(q), limit);
const names = (cs: Customer[]) => cs.map((c) => c.name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-search-'));
  const file = join(dir, 'customers.sqlite');
  syncedCacheFile(file, everyone);
  reader = new CustomerReader(openReader(file), testSeal, 1000);
});
afterAll(() => {
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('customer search in SQLite', () => {
  it('finds a customer by any part of the name, ignoring case and accents', () => {
    for (const q of ['chinoso', 'OKAFO', 'okàfọ', 'adaeze', 'ngozi', 'Chinọ́sọ Ọkàfọ̀']) {
      expect(names(search(q).customers), q).toContain('Chinọ́sọ Ọkàfọ̀');
    }
    expect(names(search('jose emeka').customers)).toEqual(['José Émeka']);
  });

  it('matches every word of the query as a prefix, in any order', () => {
    expect(names(search('zub ad').customers)).toEqual(['Ada Zubairu']);
  });

  it('lists whole-word matches before prefix matches', () => {
    const found = names(search('ada').customers);
    // "Ada" as a whole word: 250 filler customers and Ada Zubairu; as a prefix also Chinọ́sọ (other name
    // Adaeze), Adaobi Okoro and Adaora Okafor.
    const firstPrefixOnly = found.indexOf('Adaobi Okoro');
    expect(search('ada').total).toBe(254);
    expect(found.slice(0, 50).every((n) => n!.split(' ').includes('Ada'))).toBe(true);
    expect(firstPrefixOnly).toBe(-1); // beyond the first 50, all whole-word matches
    const small = search('ada', 300).customers.map((c) => c.name);
    const lastExact = small.findLastIndex((n) => n!.split(' ').includes('Ada'));
    const firstPrefix = small.findIndex((n) => !n!.split(' ').includes('Ada'));
    expect(lastExact).toBeLessThan(firstPrefix);
    expect(small).toContain('Adaobi Okoro');
  });

  it('lists whole-word matches before prefix matches for several words too', () => {
    // "Ada" also starts Adaora: the 32 filler Ada Okafors (whole words) come before Adaora Okafor, though
    // the service listed her first.
    const wholeFirst = names(search('okafor ada', 200).customers);
    expect(wholeFirst).toHaveLength(33);
    expect(wholeFirst.slice(0, 32).every((n) => n === 'Ada Okafor')).toBe(true);
    expect(wholeFirst[32]).toBe('Adaora Okafor');
    // Neither "Gbenga" nor "Bello" starts a longer word: every match is a whole-word one, in list order.
    const whole = search('gbenga bello', 200);
    const expected = everyone.filter((c) => c.name === 'Gbenga Bello');
    expect(whole.customers.map((c) => c._id)).toEqual(expected.map((c) => c._id));
    expect(whole.total).toBe(expected.length);
    expect(whole.total).toBeGreaterThan(0);
  });

  it('finds a phone number typed in any common form', () => {
    for (const q of ['+2348031234567', '2348031234567', '08031234567', '0803 123 4567', '803123']) {
      expect(names(search(q).customers), q).toEqual(['Chinọ́sọ Ọkàfọ̀']);
    }
    expect(names(search('+234 805 987').customers)).toEqual(['José Émeka']);
    expect(names(search('07051112222').customers)).toEqual(['Adaobi Okoro']);
    expect(names(search('09012345678').customers)).toEqual(['Ada Zubairu']);
  });

  it('finds an email by its start, ignoring case, with the exact address first', () => {
    expect(names(search('chinoso.okafor@example.ng').customers)).toEqual(['Chinọ́sọ Ọkàfọ̀']);
    expect(names(search('CHINOSO.OK').customers)).toEqual(['Chinọ́sọ Ọkàfọ̀']);
    expect(search('ada.okafor0@').customers.map((c) => c.emailAddress)).toEqual(['ada.okafor0@example.ng']);
  });

  it('finds a customer by an id prefix, the whole id first', () => {
    const id = chosen[1]!._id;
    expect(search(id).customers[0]!._id).toBe(id);
    // 22 of 24 hex digits: ids 5e…1300 to 5e…13ff, of which four exist (indexes 5000 to 5003).
    const byPrefix = search(id.slice(0, 22));
    const inRange = chosen.filter((c) => c._id.startsWith(id.slice(0, 22)));
    expect(byPrefix.customers.map((c) => c._id).sort()).toEqual(inRange.map((c) => c._id).sort());
    expect(byPrefix.total).toBe(4);
  });

  it('returns the first N results and the total, capping the count', () => {
    const exact = search('bello', 10);
    expect(exact.customers).toHaveLength(10);
    expect(exact.total).toBe(everyone.filter((c) => c.individual?.lastName === 'Bello').length);
    expect(exact.totalCapped).toBe(false);
    const capped = new CustomerReader(openReader(join(dir, 'customers.sqlite')), testSeal, 100);
    try {
      const r = capped.search(planSearch('bello'), 50);
      expect(r.customers).toHaveLength(50);
      expect(r.total).toBe(100);
      expect(r.totalCapped).toBe(true);
    } finally {
      capped.close();
    }
  });

  it('finds nothing for a name that is not there, and browses on an empty query', () => {
    expect(search('xylophone').total).toBe(0);
    const all = search('', 5);
    expect(all.customers).toHaveLength(5);
    expect(all.total).toBe(everyone.length);
  });

  it('reads one customer whole by id', () => {
    expect(reader.get(chosen[0]!._id)).toEqual(chosen[0]);
    expect(reader.get('0'.repeat(24))).toBeNull();
  });
});
