// Records sealed in groups: each record reads back from its group's place exactly as it was sealed, the
// group holds nothing in plain form, and a changed byte, another key, or a place named by another
// customer's row is refused as a damaged file.
// Rows written before records were grouped (each sealed alone) still read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { openReader } from '../../../src-main/cache/store/database';
import { encodeRecord } from '../../../src-main/cache/store/record-codec';
import { RecordSeal, SealBrokenError, newCacheKeys } from '../../../src-main/cache/store/record-seal';
import { GROUP_BYTES, recordInGroup, sealInGroups } from '../../../src-main/cache/store/sealed-groups';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const seal = new RecordSeal(newCacheKeys());
const records = [
  { id: '5e00000000000000000000a1', text: '[0,1,"Adaeze","22123456789","12 Marina Street"]' },
  { id: 'not-hex-Ọ́kà', text: '[0,"Ìbàdàn"]' },
  { id: 'x'.repeat(300), text: `[0,"${'long '.repeat(40)}"]` },
  ...Array.from({ length: 40 }, (_, i) => ({
    id: `5e${String(i).padStart(22, '0')}`,
    text: `[${i},"${'x'.repeat(i)}"]`,
  })),
];
/** Small groups, so that these records take several. */
const SMALL = 300;

describe('records sealed in groups', () => {
  const { groups, places } = sealInGroups(records, seal, SMALL);

  it('read back from their place exactly, one cipher per group', () => {
    expect(groups.length).toBeGreaterThan(3);
    expect(groups.length).toBeLessThan(records.length / 3);
    for (const g of groups) expect(g.byteLength).toBeLessThanOrEqual(SMALL);
    expect(sealInGroups(records, seal).groups).toHaveLength(1);
    records.forEach((r, i) => {
      const [group, entry] = places[i]!;
      expect(recordInGroup(seal.openGroup(groups[group]!), entry, r.id)).toBe(r.text);
    });
    for (const g of groups) {
      expect(Buffer.from(g).includes('22123456789')).toBe(false);
      expect(Buffer.from(g).includes('Marina')).toBe(false);
    }
  });

  it('refuse a changed byte, another key, and a place another row names', () => {
    const [group, place] = places[0]!;
    const changed = Uint8Array.from(groups[group]!);
    changed[20]! ^= 1;
    expect(() => seal.openGroup(changed)).toThrow(SealBrokenError);
    expect(() => new RecordSeal(newCacheKeys()).openGroup(groups[group]!)).toThrow(SealBrokenError);
    const plain = seal.openGroup(groups[group]!);
    expect(() => recordInGroup(plain, place, records[1]!.id)).toThrow(SealBrokenError);
    const [, other] = places[1]!;
    expect(places[1]![0]).toBe(group);
    expect(() => recordInGroup(plain, other, records[0]!.id)).toThrow(SealBrokenError);
    expect(() => recordInGroup(plain, 99, records[0]!.id)).toThrow(SealBrokenError);
    expect(() => recordInGroup(plain.subarray(0, plain.length - 1), 1, records[1]!.id)).toThrow(SealBrokenError);
    expect(() => seal.openRecord(groups[group]!, records[0]!.id)).toThrow(SealBrokenError);
  });
});

describe('a cache file', () => {
  let dir: string;
  let file: string;
  const customers = fillerCustomers(0, 250);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cache-groups-'));
    file = join(dir, 'customers.sqlite');
    syncedCacheFile(file, customers);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds each page’s records in groups, and reads every customer back whole', () => {
    const db = new DatabaseSync(file, { readOnly: true });
    const groups = db.prepare('SELECT length(bytes) AS size FROM sealed_records').all();
    const perPage = Math.ceil(groups.length / 3);
    expect(groups.length).toBeGreaterThan(3 * 4);
    for (const g of groups) expect(Number(g.size)).toBeLessThanOrEqual(GROUP_BYTES);
    // Groups hold one page's customers: two pages of 100 and one of 50.
    expect(perPage).toBeLessThan(100 / 4);
    expect(db.prepare('SELECT count(*) AS n FROM customers WHERE sealed_in IS NULL').get()?.n).toBe(0);
    db.close();
    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect([...reader.scan()]).toEqual(customers);
    } finally {
      reader.close();
    }
  });

  it('still reads a row whose record was sealed alone, as rows were before groups', () => {
    const c = customers[42]!;
    const db = new DatabaseSync(file);
    const strings = {
      ref: (text: string) => {
        const found = db.prepare('SELECT n, text FROM customer_strings').all();
        for (const r of found) if (testSeal.openString(r.text as Uint8Array) === text) return Number(r.n);
        throw new Error(`no shared string ${text}`);
      },
    };
    const alone = testSeal.sealRecord(encodeRecord(c, customerRow(c), strings), c._id);
    db.prepare('UPDATE customers SET record = ?, sealed_in = NULL, sealed_at = NULL WHERE id = ?').run(alone, c._id);
    db.close();
    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect(reader.get(c._id)).toEqual(c);
      expect(reader.get(customers[43]!._id)).toEqual(customers[43]);
    } finally {
      reader.close();
    }
  });

  it('drops the groups a later sync left without records, keeping the rest readable', () => {
    syncedCacheFile(file, customers.slice(0, 180));
    const db = new DatabaseSync(file, { readOnly: true });
    const groups = Number(db.prepare('SELECT count(*) AS n FROM sealed_records').get()?.n);
    const used = Number(db.prepare('SELECT count(DISTINCT sealed_in) AS n FROM customers').get()?.n);
    db.close();
    expect(groups).toBe(used);
    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect([...reader.scan()]).toEqual(customers.slice(0, 180));
    } finally {
      reader.close();
    }
  });
});
