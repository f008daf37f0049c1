// The reader's shortcuts (the whole-word pass skipped when it cannot change the answer or when a typed word
// is not a word of the index, long prefixes read as the words they start, two words read from the name-pairs
// index, the early stop once the page is full and the count capped) against the plain path on the same real
// SQLite file: every matcher of the plan run in full, in order, with no shortcut.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { JOINER, MARKER } from '../../../src-main/cache/search/name-pairs';
import { openReader } from '../../../src-main/cache/store/database';
import { type Matcher, namesMatch, planSearch } from '../../../src-main/cache/search/search-plan';
import { customer, syncedCacheFile } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

// Words that start one another ("Ada", "Adaeze", "Adaora"; "Augustina", "Augustinah"), words longer than
// the longest prefix index (7+ letters), words that start no other, and a prefix of a first name that is
// also a last name ("Chi", "Chidinma").
const FIRST = [
  'Ada',
  'Adaeze',
  'Adaora',
  'Augustina',
  'Augustinah',
  'Oluwaseun',
  'Chi',
  'Chidinma',
  'Lolade',
  'Habiba',
];
const LAST = ['Okafor', 'Okoro', 'Chinwe', 'Adeyemi', 'Adeyemiwa', 'Sanni', 'Salami', 'Lolade'];
// Other names that split, fold or repeat: a hyphenated name, Yoruba marks, a one-letter name, a repeat.
const OTHER = ['', '', 'Ada', 'Chiamaka', 'Sanni', 'Ajose-Adeogun', 'Adébáyọ̀ Ọlá', 'O', 'Ada-ada'];
const COUNT = 3000;
const everyone = Array.from({ length: COUNT }, (_, i) =>
  customer(i, {
    first: FIRST[(i * 7) % FIRST.length]!,
    last: LAST[Math.floor(i / 3) % LAST.length]!,
    other: OTHER[(i * 11) % OTHER.length]!,
  }),
);

const statements = new Map<string, StatementSync>();
function prepared(db: DatabaseSync, sql: string): StatementSync {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
}

/** The SQL of one matcher, every row it matches, in the order the reader lists them. */
function plainRows(db: DatabaseSync, m: Matcher): number[] {
  const run = (sql: string, ...params: string[]) =>
    prepared(db, sql)
      .all(...params)
      .map((r) => Number(r.seq));
  switch (m.kind) {
    case 'names':
      return run('SELECT rowid AS seq FROM customer_names WHERE customer_names MATCH ? ORDER BY rowid', namesMatch(m));
    case 'phone':
      return run('SELECT rowid AS seq FROM customer_phones WHERE customer_phones MATCH ? ORDER BY rowid', m.match);
    case 'email':
      return m.exact
        ? run('SELECT seq FROM customer_emails WHERE email = ? ORDER BY email, seq', m.value)
        : run(
            'SELECT seq FROM customer_emails WHERE substr(email, 1, ?) = ? ORDER BY email, seq',
            ...[String(m.value.length), m.value],
          );
    case 'id':
      return m.exact
        ? run('SELECT seq FROM customers WHERE id = ?', m.value)
        : run('SELECT seq FROM customers WHERE substr(id, 1, ?) = ? ORDER BY id', ...[String(m.value.length), m.value]);
    case 'idSuffix':
      return run("SELECT seq FROM customers WHERE id LIKE '%' || ? ORDER BY substr(id, -8), seq", m.value);
    case 'identity':
      return run('SELECT seq FROM customers WHERE identity = ? ORDER BY seq', m.value);
  }
}

/** Every row the plain path finds for `query`, in its order (kept: each page size and cap reads the same). */
const plainOrders = new Map<string, number[]>();
function plainOrder(db: DatabaseSync, query: string): number[] {
  let order = plainOrders.get(query);
  if (!order) {
    const plan = planSearch(query);
    const seen = new Set<number>();
    for (const m of [...plan.exact, ...plan.prefix]) for (const seq of plainRows(db, m)) seen.add(seq);
    plainOrders.set(query, (order = [...seen]));
  }
  return order;
}

/** The plain path: exact matchers' rows first, then the prefix matchers', each row once; all counted. */
function plainSearch(db: DatabaseSync, query: string, limit: number, cap: number) {
  const order = plainOrder(db, query);
  const ids = order
    .slice(0, limit)
    .map((seq) => String(prepared(db, 'SELECT id FROM customers WHERE seq = ?').get(seq)!.id));
  return { ids, total: Math.min(order.length, cap), totalCapped: order.length > cap };
}

let dir: string;
let file: string;
let plain: DatabaseSync;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-search-shortcuts-'));
  file = join(dir, 'customers.sqlite');
  syncedCacheFile(file, everyone);
  plain = openReader(file);
});
afterAll(() => {
  plain.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every word of the lists typed whole and cut short, alone and in pairs, both orders, as the bench types them. */
function queries(): string[] {
  const words = [...new Set([...FIRST, ...LAST, 'Chiamaka', 'Ajose', 'Adeogun', 'Adebayo', 'Ola', 'O'])];
  const typed = new Set<string>();
  for (const w of words) for (const n of [1, 3, 6, 7, w.length]) typed.add(w.slice(0, n));
  const out = [...typed];
  for (const a of words) {
    for (const b of typed) {
      out.push(`${a} ${b}`, `${b} ${a}`);
      if (b.length <= 2) out.push(`${a.toLowerCase()}.${b.toLowerCase()}`);
    }
  }
  return out;
}

describe('search shortcuts against the plain path', () => {
  it('has names that exercise every shortcut', () => {
    // Guards the fixture: a whole word, a word that starts another, a long word, a capped count.
    const reader = new CustomerReader(openReader(file), testSeal, 1000);
    try {
      expect(reader.search(planSearch('Oluwaseun Sanni'), 50).total).toBeGreaterThan(0);
      expect(reader.search(planSearch('Augustina'), 50).total).toBeGreaterThan(
        reader.search(planSearch('Augustinah'), 50).total,
      );
      expect(reader.search(planSearch('a'), 50).totalCapped).toBe(true);
      expect(reader.search(planSearch('Lolade Sanni'), 50).totalCapped).toBe(false);
      // Every customer paired (none marked), so two-word searches read the pairs index.
      const pairs = plain.prepare('SELECT count(*) AS n FROM customer_name_pairs WHERE customer_name_pairs MATCH ?');
      expect(pairs.get(`"${MARKER}"`)?.n).toBe(0);
      expect(pairs.get(`"lolade${JOINER}s"`)?.n).toBeGreaterThan(0);
    } finally {
      reader.close();
    }
  });

  for (const [limit, cap] of [
    [50, 1000],
    [5, 40],
  ] as const) {
    it(`lists the same customers, in the same order, with the same totals (page ${limit}, count cap ${cap})`, () => {
      const reader = new CustomerReader(openReader(file), testSeal, cap);
      try {
        let compared = 0;
        for (const q of queries()) {
          const page = reader.search(planSearch(q), limit);
          const got = { ids: page.customers.map((c) => c._id), total: page.total, totalCapped: page.totalCapped };
          expect(got, q).toEqual(plainSearch(plain, q, limit, cap));
          compared++;
        }
        expect(compared).toBeGreaterThan(1000);
      } finally {
        reader.close();
      }
    });
  }
});
