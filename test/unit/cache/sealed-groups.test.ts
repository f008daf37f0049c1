// Records sealed in groups: each record reads back from its group's place exactly as it was sealed, the
// group holds nothing in plain form (its ids sealed and compressed with its records), and a changed byte,
// another key, a group written before read as the new form, or a place named by another customer's row is
// refused as a damaged file; groups written before, with their id list beside them, still open. In a cache file, an opened customer
// takes nothing from the row's readable columns: edited columns change no field of it, and a row pointed at
// another customer's record, or at no group, opens nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { openReader } from '../../../src-main/cache/store/database';
import { RecordSeal, SealBrokenError, newCacheKeys } from '../../../src-main/cache/store/record-seal';
import {
  GROUP_BYTES,
  groupMembers,
  idList,
  idsOf,
  openGroup,
  recordInGroup,
  sealInGroups,
} from '../../../src-main/cache/store/sealed-groups';
import { fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const seal = new RecordSeal(newCacheKeys());
const records = [
  { id: '5e00000000000000000000a1', text: '[0,1,"Adaeze","22123456789","12 Marina Street"]' },
  { id: 'not-hex-Ọ́kà', text: '[0,"Ìbàdàn"]' },
  // Longer than a group's room even compressed (random letters do not deflate).
  { id: 'x'.repeat(300), text: `[0,"${randomBytes(300).toString('base64')}"]` },
  ...Array.from({ length: 40 }, (_, i) => ({
    id: `5e${String(i).padStart(22, '0')}`,
    text: `[${i},"${'x'.repeat(i)}"]`,
  })),
];
/** Small groups, so that these records take several. */
const SMALL = 300;

describe('records sealed in groups', () => {
  const { groups, places } = sealInGroups(records, seal, SMALL);
  const members = groupMembers(
    records.map((r, i) => ({ id: r.id, group: places[i]![0], entry: places[i]![1] })),
    groups.length,
  );
  const opened = (g: number) => openGroup(seal, groups[g]!, null);

  it('read back from their place exactly, one cipher per group', () => {
    expect(groups.length).toBeGreaterThan(3);
    expect(groups.length).toBeLessThan(records.length / 3);
    // A group (its ids inside) fits the room given, unless one record alone is longer.
    groups.forEach((g, i) => {
      if (members[i]!.length > 1) expect(g.byteLength).toBeLessThanOrEqual(SMALL);
    });
    groups.forEach((g, i) => expect(opened(i).ids).toEqual(members[i]));
    expect(members.some((m) => m.length === 1 && m[0] === records[2]!.id)).toBe(true);
    expect(sealInGroups(records, seal, 4096).groups).toHaveLength(1);
    records.forEach((r, i) => {
      const [group, entry] = places[i]!;
      expect(recordInGroup(opened(group), entry, r.id)).toBe(r.text);
    });
    for (const g of groups) {
      expect(Buffer.from(g).includes('22123456789')).toBe(false);
      expect(Buffer.from(g).includes('Marina')).toBe(false);
    }
  });

  it('hold a record far longer than a group, which deflate cannot shrink, whole', () => {
    const long = { id: 'long', text: `[0,"${randomBytes(48 * 1024).toString('base64')}"]` };
    const sealed = sealInGroups([records[0]!, long, records[1]!], seal);
    const [group, entry] = sealed.places[1]!;
    expect(recordInGroup(openGroup(seal, sealed.groups[group]!, null), entry, 'long')).toBe(long.text);
  });

  it('keep every id in the id list, hex and others', () => {
    for (const list of members) expect(idsOf(idList(list))).toEqual(list);
    // A 24-hex id takes 13 bytes, not 25.
    expect(idList(['5e00000000000000000000a1'])).toHaveLength(13);
  });

  it('refuse a changed byte, another key, changed ids, and a place another row names', () => {
    // Two records side by side in one group.
    const i = places.findIndex((p, k) => places[k + 1]?.[0] === p[0]);
    const [group, place] = places[i]!;
    const changed = Uint8Array.from(groups[group]!);
    changed[20]! ^= 1;
    expect(() => openGroup(seal, changed, null)).toThrow(SealBrokenError);
    expect(() => openGroup(new RecordSeal(newCacheKeys()), groups[group]!, null)).toThrow(SealBrokenError);
    // The form is authenticated too: a group read with an id list beside it (the form before) opens nothing.
    expect(() => openGroup(seal, groups[group]!, idList(members[group]!))).toThrow(SealBrokenError);
    const plain = opened(group);
    expect(() => recordInGroup(plain, place, records[i + 1]!.id)).toThrow(SealBrokenError);
    const [, other] = places[i + 1]!;
    expect(() => recordInGroup(plain, other, records[i]!.id)).toThrow(SealBrokenError);
    expect(() => recordInGroup(plain, 99, records[i]!.id)).toThrow(SealBrokenError);
    const last = plain.ids.length - 1;
    expect(() =>
      recordInGroup({ plain: plain.plain.subarray(0, plain.plain.length - 1), ids: plain.ids }, last, plain.ids[last]!),
    ).toThrow(SealBrokenError);
  });
});

describe('groups written before, their id list beside them', () => {
  it('open as they were sealed, and refuse changed ids or being read as the compressed form', () => {
    const ids = ['5e00000000000000000000a1', '5e00000000000000000000a2'];
    const text = Buffer.from('\u0005[0,1]\u0005[0,2]');
    const sealed = seal.sealGroup(text, idList(ids));
    const group = openGroup(seal, sealed, idList(ids));
    expect(group.ids).toEqual(ids);
    expect(recordInGroup(group, 1, ids[1]!)).toBe('[0,2]');
    expect(() => openGroup(seal, sealed, idList([ids[1]!, ids[0]!]))).toThrow(SealBrokenError);
    expect(() => openGroup(seal, sealed, null)).toThrow(SealBrokenError);
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
    const groups = db.prepare('SELECT length(bytes) AS size, ids FROM sealed_records').all();
    const perPage = Math.ceil(groups.length / 3);
    expect(groups.length).toBeGreaterThan(3 * 4);
    for (const g of groups) expect(Number(g.size)).toBeLessThanOrEqual(GROUP_BYTES);
    for (const g of groups) expect(g.ids).toBeNull();
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

  it('opens a customer from its sealed record alone: edited readable columns change none of its fields', () => {
    const c = customers[42]!;
    const file = join(dir, 'columns-edited.sqlite');
    syncedCacheFile(file, customers);
    const db = new DatabaseSync(file);
    db.prepare(
      `UPDATE customers SET email = 'attacker@example.ng', phone = '8000000000', kyc = 1 - kyc, created = 0 WHERE id = ?`,
    ).run(c._id);
    db.close();
    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect(reader.get(c._id)).toEqual(c);
    } finally {
      reader.close();
    }
  });

  it("refuses a row pointed at another customer's record, or at no group", () => {
    const [a, b] = [customers[10]!, customers[11]!];
    const file = join(dir, 'rows-moved.sqlite');
    syncedCacheFile(file, customers);
    const db = new DatabaseSync(file);
    const place = db.prepare('SELECT sealed_in, sealed_at FROM customers WHERE id = ?').get(b._id)!;
    db.prepare('UPDATE customers SET sealed_in = ?, sealed_at = ? WHERE id = ?').run(
      place.sealed_in as number,
      place.sealed_at as number,
      a._id,
    );
    db.prepare('UPDATE customers SET sealed_in = NULL WHERE id = ?').run(customers[12]!._id);
    db.close();
    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect(() => reader.get(a._id)).toThrow(SealBrokenError);
      expect(() => reader.get(customers[12]!._id)).toThrow(SealBrokenError);
      expect(reader.get(b._id)).toEqual(b);
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
