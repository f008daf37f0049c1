// Records sealed in groups: each record reads back from its group's place exactly as it was sealed, the
// group holds nothing in plain form, and a changed byte, another key, or a place named by another
// customer's row is refused as a damaged file. A record whose id is too long for a group is sealed alone.
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
import { GROUP_SIZE, recordInGroup, sealInGroups } from '../../../src-main/cache/store/sealed-groups';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { fillerCustomers, syncedCacheFile } from './generated-customers';
import { testSeal } from '../../tools/cache-keys';

const seal = new RecordSeal(newCacheKeys());
const records = [
  { id: '5e00000000000000000000a1', text: '[0,1,"Adaeze","22123456789","12 Marina Street"]' },
  { id: 'not-hex-Ọ́kà', text: '[0,"Ìbàdàn"]' },
  { id: 'x'.repeat(300), text: '[0,"alone"]' },
  ...Array.from({ length: GROUP_SIZE + 3 }, (_, i) => ({ id: `5e${String(i).padStart(22, '0')}`, text: `[${i}]` })),
];

describe('records sealed in groups', () => {
  const { groups, places } = sealInGroups(records, seal);

  it('read back from their place exactly, one cipher per group, an id too long sealed alone', () => {
    expect(groups).toHaveLength(2);
    records.forEach((r, i) => {
      const place = places[i]!;
      if (place instanceof Uint8Array) {
        expect(r.id.length).toBeGreaterThan(255);
        expect(seal.openRecord(place, r.id)).toBe(r.text);
      } else {
        expect(recordInGroup(seal.openGroup(groups[place[0]]!), place[1], r.id)).toBe(r.text);
      }
    });
    for (const g of groups) {
      expect(Buffer.from(g).includes('22123456789')).toBe(false);
      expect(Buffer.from(g).includes('Marina')).toBe(false);
    }
  });

  it('refuse a changed byte, another key, and a place another row names', () => {
    const [group, place] = places[0] as [number, number];
    const changed = Uint8Array.from(groups[group]!);
    changed[20]! ^= 1;
    expect(() => seal.openGroup(changed)).toThrow(SealBrokenError);
    expect(() => new RecordSeal(newCacheKeys()).openGroup(groups[group]!)).toThrow(SealBrokenError);
    const plain = seal.openGroup(groups[group]!);
    expect(() => recordInGroup(plain, place, records[1]!.id)).toThrow(SealBrokenError);
    const [, other] = places[1] as [number, number];
    expect(() => recordInGroup(plain, other, records[0]!.id)).toThrow(SealBrokenError);
    expect(() => recordInGroup(plain, plain.length + 3, records[0]!.id)).toThrow(SealBrokenError);
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
    expect(Number(db.prepare('SELECT count(*) AS n FROM sealed_records').get()?.n)).toBe(
      Math.ceil(100 / GROUP_SIZE) * 2 + Math.ceil(50 / GROUP_SIZE),
    );
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
    expect(groups).toBe(Math.ceil(100 / GROUP_SIZE) + Math.ceil(80 / GROUP_SIZE));
    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect([...reader.scan()]).toEqual(customers.slice(0, 180));
    } finally {
      reader.close();
    }
  });
});
