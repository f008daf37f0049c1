// What a search costs beyond its query, as counts on a real SQLite file: the statements are prepared once
// and kept, and a search hands JavaScript the rows of the page it shows (and those a matcher may repeat),
// not every row it counts: a one-letter prefix that matches thousands reads no more than a rare name.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { READER_CACHE_KB, openReader } from '../../../src-main/cache/store/database';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { customer, fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const everyone = [
  ...fillerCustomers(0, 3000),
  customer(9000, { first: 'Lolade', last: 'Afunku' }),
  customer(9001, { first: 'Lola', last: 'Afunku' }),
];
const PAGE = 8;
/** The count's cap: a common prefix matches more. */
const CAP = 100;

/** Counts what the reader's connection does: statements prepared, and rows (seqs) handed to JavaScript. */
class CountingDatabase extends DatabaseSync {
  prepared = 0;
  rows = 0;
  /** The parameters of every statement run, in order. */
  readonly runs: unknown[][] = [];

  override prepare(sql: string): StatementSync {
    this.prepared++;
    const statement = super.prepare(sql);
    const count = (result: unknown) => {
      for (const row of Array.isArray(result) ? result : result === undefined ? [] : [result]) {
        // A matcher's rows come as one string of seqs (group_concat); a count as one number.
        const seqs = (row as { seqs?: unknown }).seqs;
        this.rows += typeof seqs === 'string' ? seqs.split(',').length : 1;
      }
      return result;
    };
    return new Proxy(statement, {
      get: (target, key) => {
        const value = Reflect.get(target, key, target) as unknown;
        if (key !== 'all' && key !== 'get') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => {
          this.runs.push(args);
          return count((value as (...a: unknown[]) => unknown).apply(target, args));
        };
      },
    });
  }
}

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-search-work-'));
  file = join(dir, 'customers.sqlite');
  syncedCacheFile(file, everyone);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function countingReader(): { db: CountingDatabase; reader: CustomerReader } {
  const db = new CountingDatabase(file, { readOnly: true });
  return { db, reader: new CustomerReader(db, testSeal, CAP) };
}

describe('the work of a search beyond its query', () => {
  const queries = ['a', 'Ad', 'Bola', 'bola.ade', 'Lola Afu', 'Chidi Bello', '0810000', 'ada.okafor1', '5e00'];

  it('prepares each statement once and keeps it', () => {
    const { db, reader } = countingReader();
    try {
      for (const q of queries) reader.search(planSearch(q), PAGE, true);
      const first = db.prepared;
      expect(first).toBeGreaterThan(0);
      for (let round = 0; round < 3; round++) for (const q of queries) reader.search(planSearch(q), PAGE, true);
      expect(db.prepared).toBe(first);
    } finally {
      reader.close();
    }
  });

  it('hands JavaScript the rows of the page, not every row it counts', () => {
    const { db, reader } = countingReader();
    try {
      for (const q of ['a', 'Ada', 'bola.']) {
        const rowsBefore = db.rows;
        const page = reader.search(planSearch(q), PAGE, true);
        // Thousands match, counted to the cap in SQLite.
        expect(page.totalCapped, q).toBe(true);
        expect(page.customers, q).toHaveLength(PAGE);
        // The page's rows, each matcher's repeats of them, the listed rows, a count a matcher, the age.
        expect(db.rows - rowsBefore, q).toBeLessThanOrEqual(6 * PAGE);
      }
    } finally {
      reader.close();
    }
  });

  it('finds two typed prefixes through the pairs of the few words they start', () => {
    const { reader } = countingReader();
    try {
      const page = reader.search(planSearch('Lola Afu'), PAGE, true);
      expect(page.customers.map((c) => c.name)).toEqual(['Lolade Afunku', 'Lola Afunku']);
      expect(page.total).toBe(2);
    } finally {
      reader.close();
    }
  });

  it('runs no whole-word statement for a typed word the index does not hold', () => {
    const { db, reader } = countingReader();
    try {
      // "Lolad" is only the start of a word: its whole-word pass could find nothing.
      reader.search(planSearch('Lolad'), PAGE, true);
      expect(db.runs.some((args) => args[0] === '"Lolad"')).toBe(false);
      expect(db.runs.some((args) => args[0] === '"Lolad"*')).toBe(true);
      // "Lolade" is a word: its whole-word pass runs, and lists it first.
      const page = reader.search(planSearch('Lolade'), PAGE, true);
      expect(db.runs.some((args) => args[0] === '"Lolade"')).toBe(true);
      expect(page.customers[0]?.name).toBe('Lolade Afunku');
    } finally {
      reader.close();
    }
  });

  it("keeps the read connection's page cache small", () => {
    const db = openReader(file);
    try {
      expect(db.prepare('PRAGMA cache_size').get()?.cache_size).toBe(-READER_CACHE_KB);
    } finally {
      db.close();
    }
  });
});
