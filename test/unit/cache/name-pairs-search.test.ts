// The name-pairs index in a real cache file: searches read it when it is whole and not otherwise, the
// store keeps it in step as names change and customers go, and a file from before it gets it built.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { openReader, openWriter } from '../../../src-main/cache/store/database';
import { JOINER } from '../../../src-main/cache/search/name-pairs';
import { buildNamePairs, namePairsPending } from '../../../src-main/cache/search/name-pairs-index';
import { SCHEMA_VERSION } from '../../../src-main/cache/store/schema';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { schemaVersion } from '../../../src-main/storage/sqlite-database';
import { customer, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const everyone: Customer[] = [
  customer(0, { first: 'Lolade', last: 'Chinedu' }),
  customer(1, { first: 'Lolade', last: 'Okafor' }),
  customer(2, { first: 'Chinedu', last: 'Bello', other: 'Lolade' }),
  customer(3, { first: 'Ada', last: 'Eze' }),
];
const ids = (list: Customer[]) => list.map((c) => c._id);

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-name-pairs-'));
  file = join(dir, 'customers.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function search(query: string): string[] {
  const reader = new CustomerReader(openReader(file), testSeal);
  try {
    return ids(reader.search(planSearch(query), 50).customers);
  } finally {
    reader.close();
  }
}

function withWriter<T>(work: (db: DatabaseSync) => T): T {
  const { db } = openWriter(file, testSeal);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Rows of the pairs index with this pair (the words as typed; FTS5 folds them). */
const pairRows = (db: DatabaseSync, a: string, b: string) =>
  db
    .prepare('SELECT rowid FROM customer_name_pairs WHERE customer_name_pairs MATCH ?')
    .all(`"${a}${JOINER}${b}"`)
    .map((r) => Number(r.rowid));

/** Gives Ada (seq 4) the pair 'lolade zzz' without her names: a search that lists her read the pairs index. */
const plantPair = (db: DatabaseSync) =>
  db.prepare('INSERT INTO customer_name_pairs (rowid, pairs) VALUES (4, ?)').run(`lolade${JOINER}zzz`);

describe('searches and the name-pairs index', () => {
  it('finds a whole word with the start of another in any order, as the names index does', () => {
    syncedCacheFile(file, everyone);
    expect(search('Lolade Chi')).toEqual(ids([everyone[0]!, everyone[2]!]));
    expect(search('chi lolade')).toEqual(ids([everyone[0]!, everyone[2]!]));
    expect(search('lolade.c')).toEqual(ids([everyone[0]!, everyone[2]!]));
    expect(search('Lolade Chinedu Bel')).toEqual(ids([everyone[2]!]));
    expect(search('Lolade Okafor')).toEqual(ids([everyone[1]!]));
  });

  it('reads the pairs index for two words when every customer is paired', () => {
    syncedCacheFile(file, everyone);
    withWriter(plantPair);
    expect(search('Lolade Zz')).toEqual(ids([everyone[3]!]));
  });

  it('uses the names index alone while a customer has names it could not pair', () => {
    syncedCacheFile(file, [...everyone, customer(4, { first: 'محمد', last: 'Lolade' })]);
    withWriter(plantPair);
    expect(search('Lolade Zz')).toEqual([]);
    expect(search('Lolade Chi')).toEqual(ids([everyone[0]!, everyone[2]!]));
  });

  it('keeps the pairs in step when a later sync renames a customer and drops another', () => {
    syncedCacheFile(file, everyone);
    const renamed = customer(1, { first: 'Lolade', last: 'Adeyemi' });
    withWriter((db) => {
      const store = new CustomerStore(db, testSeal);
      const rows = [everyone[0]!, renamed, everyone[2]!].map(customerRow);
      const { generation } = store.writePages([{ generation: null, page: 0, totalPages: 1, rows }]);
      store.finishGeneration(generation, new Date().toISOString());
      expect(pairRows(db, 'lolade', 'okafor')).toEqual([]);
      expect(pairRows(db, 'Lolade', 'ADEYEMI')).toEqual([2]);
      expect(pairRows(db, 'ada', 'eze')).toEqual([]);
      expect(pairRows(db, 'eze', 'a')).toEqual([]);
    });
    expect(search('Lolade Ade')).toEqual(ids([renamed]));
    expect(search('Lolade Oka')).toEqual([]);
  });

  it('builds pairs left pending once, searching by the names index until then', () => {
    syncedCacheFile(file, everyone);
    // Pairs pending, as migration 7 leaves a file that holds customers: an empty index, marked pending.
    withWriter((db) => {
      db.exec("INSERT INTO customer_name_pairs (customer_name_pairs) VALUES ('delete-all')");
      db.exec("INSERT INTO meta (key, value) VALUES ('name_pairs_pending', 1)");
    });
    withWriter((db) => {
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(namePairsPending(db)).toBe(true);
      plantPair(db);
    });
    expect(search('Lolade Zz')).toEqual([]);
    expect(search('Lolade Chi')).toEqual(ids([everyone[0]!, everyone[2]!]));
    withWriter((db) => {
      db.exec("INSERT INTO customer_name_pairs (customer_name_pairs) VALUES ('delete-all')"); // the planted pair
      expect(buildNamePairs(db)).toBe(true);
      expect(namePairsPending(db)).toBe(false);
      expect(buildNamePairs(db)).toBe(false);
      expect(pairRows(db, 'chinedu', 'lolade')).toEqual([1, 3]);
    });
    expect(search('Lolade Chi')).toEqual(ids([everyone[0]!, everyone[2]!]));
    expect(search('Ada Ez')).toEqual(ids([everyone[3]!]));
  });

  it('pairs nothing in a new, empty file and has nothing pending', () => {
    withWriter((db) => expect(namePairsPending(db)).toBe(false));
    syncedCacheFile(file, everyone);
    withWriter((db) => expect(pairRows(db, 'lolade', 'c')).toEqual([1, 3]));
  });
});
