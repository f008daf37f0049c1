// Searches and reads on a read-only connection. Results: exact matches first, then prefix matches; names
// and phones in the order the service listed the customers, emails and ids in value order. There is
// no relevance scoring: a prefix can match hundreds of thousands of rows and scoring them all costs tens
// of milliseconds. The total is counted up to a cap, so a one-letter query costs as little as a precise one.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Customer } from '../../src-shared/api/records';
import type { CustomerBrowseInput } from '../../src-shared/ipc/channels/customers';
import { hasNameOrder } from './first-fill';
import { decodeRecord, type RecordColumns, type StringsReader } from './record-codec';
import { ID_SUFFIX, isBrowse, type Matcher, type SearchPlan } from './search-plan';
import { KYC_APPROVED, KYC_NOT_APPROVED, KYC_UNKNOWN } from './search-fields';

export interface SearchPage {
  customers: Customer[];
  total: number;
  /** True when more matched than the counting cap; `total` is then the cap. */
  totalCapped: boolean;
}

export interface CacheMeta {
  customerCount: number;
  lastSyncedAt: string | null;
  nextPage: number | null;
  scheduleMinutes: number;
}

/** What a record is read with (see record-codec.ts). */
const ROW = 'id, email, phone, kyc, created, identity, record';

const KYC_OF = { approved: KYC_APPROVED, notApproved: KYC_NOT_APPROVED, unknown: KYC_UNKNOWN } as const;

/** A long name prefix is read as its words when it has at most this many (see expandLongPrefixes). */
const MAX_EXPANDED_WORDS = 16;

/** The longest of the names index's prefix indexes (schema.ts, migration 4). */
const LONGEST_NAME_PREFIX_INDEX = 6;

/** A quoted plain-ASCII prefix longer than the longest prefix index. */
const LONG_PREFIX = new RegExp(`^"([A-Za-z0-9]{${LONGEST_NAME_PREFIX_INDEX + 1},})"\\*$`);

/** The highest code point: `prefix + MAX_CHAR` is above every string that starts with `prefix`. */
const MAX_CHAR = '\u{10FFFF}';

function matcherSql(m: Matcher): { sql: string; params: string[] } {
  switch (m.kind) {
    case 'names':
      return { sql: 'SELECT rowid AS seq FROM customer_names WHERE customer_names MATCH ?', params: [m.match] };
    case 'phone':
      return { sql: 'SELECT rowid AS seq FROM customer_phones WHERE customer_phones MATCH ?', params: [m.match] };
    case 'idSuffix':
      // The index holds each id's last 8 characters; a longer suffix is checked against the whole id.
      return {
        sql: `SELECT seq FROM customers WHERE substr(id, -8) = ? AND id LIKE '%' || ?`,
        params: [m.value.slice(-ID_SUFFIX), m.value],
      };
    case 'identity':
      return { sql: 'SELECT seq FROM customers WHERE identity = ?', params: [m.value] };
    case 'email':
    case 'id': {
      const [table, column] = m.kind === 'email' ? ['customer_emails', 'email'] : ['customers', 'id'];
      return m.exact
        ? { sql: `SELECT seq FROM ${table} WHERE ${column} = ?`, params: [m.value] }
        : {
            sql: `SELECT seq FROM ${table} WHERE ${column} >= ? AND ${column} < ?`,
            params: [m.value, m.value + MAX_CHAR],
          };
    }
  }
}

export class CustomerReader {
  private readonly statements = new Map<string, StatementSync>();
  private readonly counts = new Map<number, number>();
  private countsVersion = -1;
  /** customer_strings as far as this connection has read it (strings are never changed or removed). */
  private readonly stringTexts = new Map<number, string>();
  private readonly strings: StringsReader = {
    text: (n) => {
      let text = this.stringTexts.get(n);
      if (text === undefined) {
        text = String(this.stmt('SELECT text FROM customer_strings WHERE n = ?').get(n)?.text ?? '');
        this.stringTexts.set(n, text);
      }
      return text;
    },
  };

  constructor(
    private readonly db: DatabaseSync,
    private readonly countCap = 1000,
  ) {}

  private stmt(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  search(plan: SearchPlan, limit: number): SearchPage {
    if (isBrowse(plan)) {
      const seqs = this.stmt('SELECT seq FROM customers ORDER BY seq LIMIT ?')
        .all(limit)
        .map((r) => Number(r.seq));
      return { customers: this.load(seqs), total: this.meta().customerCount, totalCapped: false };
    }
    // Exact matches first (few, cheap), then one pass per prefix matcher that both fills the page and
    // counts: it reads at most countCap + 1 rows, so a one-letter prefix costs no more than a rare name.
    // Once the page is full and the count past the cap, later matchers could change neither.
    const matched = new Set<number>();
    const order: number[] = [];
    // The index's words one search asks about, each looked up once (a lookup is a seek in the vocabulary).
    const vocabulary = new Map<string, string[] | null>();
    const passes: [Matcher, number][] = [
      ...(this.exactNeeded(plan, vocabulary) ? plan.exact : []).map((m): [Matcher, number] => [m, limit]),
      ...plan.prefix.map((m): [Matcher, number] => [m, this.countCap + 1]),
    ];
    for (const [m, max] of passes) {
      if (order.length >= limit && matched.size > this.countCap) break;
      for (const seq of this.seqs(m, max, vocabulary)) {
        if (matched.has(seq)) continue;
        matched.add(seq);
        if (order.length < limit) order.push(seq);
      }
    }
    return {
      customers: this.load(order),
      total: Math.min(matched.size, this.countCap),
      totalCapped: matched.size > this.countCap,
    };
  }

  /**
   * Whether the whole-word pass can find rows the prefix pass would list later. A names query whose every
   * word is in the index and starts no longer word matches the same rows either way, in the same order:
   * for two common names (a first and a last name typed in full) that halves the cost, as each pass
   * walks both names' rows. One with a word that is not in the index ('Lolade Chi') finds nothing in
   * the whole-word pass. Plain ASCII words only, which the tokenizer folds by lower-casing alone.
   */
  private exactNeeded(plan: SearchPlan, vocabulary: Map<string, string[] | null>): boolean {
    const [exact, prefix] = [plan.exact, plan.prefix];
    if (exact.length !== 1 || prefix.length !== 1 || exact[0]!.kind !== 'names' || prefix[0]!.kind !== 'names') {
      return true;
    }
    const words = prefix[0]!.match.split(' ').map((part) => /^"([A-Za-z0-9]+)"\*$/.exec(part)?.[1]?.toLowerCase());
    // The last word first: it is the one being typed, the likeliest to be only the start of a word.
    for (const w of words.reverse()) {
      const state = w === undefined ? 'unknown' : this.wordState(w, vocabulary);
      if (state === 'absent') return false;
      if (state !== 'whole') return true;
    }
    return false;
  }

  /**
   * Whether `word` is in the index ('absent' when not) and starts no longer word ('whole'; 'starts' when
   * it does). A word long enough to be expanded is looked up whole (the expansion reuses it); a shorter
   * one stops at the first word that settles it: one seek when `word` is not itself a word, two when it is.
   */
  private wordState(word: string, vocabulary: Map<string, string[] | null>): 'absent' | 'whole' | 'starts' {
    let first: unknown;
    let second: unknown;
    if (vocabulary.has(word) || word.length > LONGEST_NAME_PREFIX_INDEX) {
      const words = this.wordsFor(word, vocabulary);
      // null: more words than an expansion takes, so `word` starts some.
      if (words === null) return 'starts';
      [first, second] = words;
    } else {
      const next = this.stmt('SELECT term FROM customer_name_instances WHERE term >= ? LIMIT 1');
      first = next.get(word)?.term;
      if (first === word) second = next.get(`${word}\u0001`)?.term;
    }
    if (first !== word) return 'absent';
    return typeof second === 'string' && second.startsWith(word) ? 'starts' : 'whole';
  }

  /**
   * wordsStarting(prefix, MAX_EXPANDED_WORDS), asked once per search: whether a word is whole and what
   * a long prefix expands to are the same lookup.
   */
  private wordsFor(prefix: string, vocabulary: Map<string, string[] | null>): string[] | null {
    let words = vocabulary.get(prefix);
    if (words === undefined) {
      words = this.wordsStarting(prefix, MAX_EXPANDED_WORDS);
      vocabulary.set(prefix, words);
    }
    return words;
  }

  /**
   * The index's words that start with `prefix` (lower-case plain ASCII), in order; null when more than
   * `max`. One seek a word in customer_name_instances, which counts nothing (schema.ts, migration 6).
   */
  private wordsStarting(prefix: string, max: number): string[] | null {
    const next = this.stmt('SELECT term FROM customer_name_instances WHERE term >= ? LIMIT 1');
    const words: string[] = [];
    for (let from = prefix; ;) {
      const term = next.get(from)?.term;
      if (typeof term !== 'string' || !term.startsWith(prefix)) return words;
      if (words.length === max) return null;
      words.push(term);
      // No word holds U+0001 (a separator to the tokenizer): this is just past `term`.
      from = `${term}\u0001`;
    }
  }

  /** The rows a matcher matches, in its order, at most `max`: one string from SQLite, far cheaper than a row object each. */
  private seqs(m: Matcher, max: number, vocabulary: Map<string, string[] | null>): number[] {
    const { sql, params } = matcherSql(
      m.kind === 'names' ? { kind: 'names', match: this.expandLongPrefixes(m.match, vocabulary) } : m,
    );
    const list = this.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql} LIMIT ?)`).get(...params, max)?.seqs;
    return typeof list === 'string' && list ? list.split(',').map(Number) : [];
  }

  /**
   * A name prefix longer than the longest prefix index makes FTS5 gather the rows of every word that
   * starts with it before answering the first (7 ms for a common first name at 1M customers). Such a
   * prefix becomes the words themselves, looked up in the index's vocabulary (`"augustina"*` becomes
   * `("augustina" OR "augustinah")`), which FTS5 reads lazily (0.1 ms). Only plain ASCII words, which
   * the tokenizer folds by lower-casing alone, so the vocabulary lookup sees what FTS5 would; with no
   * word or too many, the prefix stays as it was.
   */
  private expandLongPrefixes(match: string, vocabulary: Map<string, string[] | null>): string {
    const parts = match.match(/"(?:[^"]|"")*"\*?/g) ?? [];
    let expanded = false;
    const out = parts.map((part) => {
      const long = LONG_PREFIX.exec(part);
      if (!long) return part;
      const terms = this.wordsFor(long[1]!.toLowerCase(), vocabulary);
      if (!terms || terms.length === 0) return part;
      expanded = true;
      return `(${terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ')})`;
    });
    // A group in parentheses needs an explicit AND beside it.
    return expanded ? out.join(' AND ') : match;
  }

  /** The customers of these rows, in this order: one statement for all of them. */
  private load(seqs: number[]): Customer[] {
    if (seqs.length === 0) return [];
    const rows = this.stmt(`SELECT seq, ${ROW} FROM customers WHERE seq IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(seqs),
    );
    const bySeq = new Map<number, Record<string, unknown>>();
    for (const row of rows) bySeq.set(Number(row.seq), row);
    const out: Customer[] = [];
    for (const seq of seqs) {
      const row = bySeq.get(seq);
      if (row) out.push(this.decode(row));
    }
    return out;
  }

  private decode(row: Record<string, unknown>): Customer {
    const cols: RecordColumns = {
      id: String(row.id),
      email: String(row.email),
      phone: String(row.phone),
      kyc: Number(row.kyc),
      created: row.created === null ? null : Number(row.created),
      identity: typeof row.identity === 'string' ? row.identity : null,
    };
    return decodeRecord(String(row.record), cols, this.strings);
  }

  get(id: string): Customer | null {
    const row = this.stmt(`SELECT ${ROW} FROM customers WHERE id = ?`).get(id);
    return row ? this.decode(row) : null;
  }

  /** Every customer, in the service's order (for tools and benchmarks). */
  *scan(): Generator<Customer> {
    for (const row of this.db.prepare(`SELECT ${ROW} FROM customers ORDER BY seq`).iterate()) yield this.decode(row);
  }

  /**
   * A page of all customers, sorted and filtered. Each order is an index walk: by KYC state, then name or
   * date; the whole list (no KYC filter) merges the three states' ranges in the wanted order. While the
   * first sync has not built the name order (first-fill.ts), a list by name is in the order customers
   * arrived and one by KYC state is by date within each state: still index walks, never a sort of the table.
   */
  browse(input: CustomerBrowseInput): {
    customers: Customer[];
    total: number;
    offset: number;
    nameOrderPending: boolean;
  } {
    const sort = input.sort ?? 'name';
    const desc = input.direction === 'desc';
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 50;
    const dir = desc ? 'DESC' : 'ASC';
    const nameOrderPending = sort !== 'createdAt' && !hasNameOrder(this.db);
    const key = sort === 'createdAt' || nameOrderPending ? 'created' : 'names COLLATE NOCASE';
    const states = input.kyc ? [KYC_OF[input.kyc]] : [KYC_NOT_APPROVED, KYC_APPROVED, KYC_UNKNOWN];
    const page = 'LIMIT ? OFFSET ?';
    let seqs: number[];
    if (nameOrderPending && sort === 'name') {
      // Arrival order is the table's own: read in order, the KYC filter checked row by row.
      const where = states.length === 1 ? `NOT INDEXED WHERE kyc = ${states[0]}` : '';
      seqs = this.seqList(`SELECT seq FROM customers ${where} ORDER BY seq ${dir} ${page}`, limit, offset);
    } else if (states.length === 1 || sort === 'kyc') {
      const where = states.length === 1 ? `WHERE kyc = ${states[0]}` : '';
      seqs = this.seqList(
        `SELECT seq FROM customers ${where} ORDER BY kyc ${dir}, ${key} ${dir}, seq ${dir} ${page}`,
        limit,
        offset,
      );
    } else {
      const part = (state: number) => `SELECT seq, ${key} AS k FROM customers WHERE kyc = ${state}`;
      // A compound SELECT ordered as a whole: SQLite merges the parts' index orders (no sort).
      seqs = this.seqList(
        `${states.map(part).join(' UNION ALL ')} ORDER BY k ${dir}, seq ${dir} ${page}`,
        limit,
        offset,
      );
    }
    return { customers: this.load(seqs), total: this.count(states), offset, nameOrderPending };
  }

  /** The seqs a query answers, as one string from SQLite. */
  private seqList(sql: string, ...params: number[]): number[] {
    const list = this.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql})`).get(...params)?.seqs;
    return typeof list === 'string' && list ? list.split(',').map(Number) : [];
  }

  /** Customers in these KYC states; remembered until the file changes. */
  private count(states: number[]): number {
    const version = Number(this.stmt('PRAGMA data_version').get()?.data_version ?? 0);
    if (version !== this.countsVersion) {
      this.counts.clear();
      this.countsVersion = version;
    }
    let total = 0;
    for (const state of states) {
      let n = this.counts.get(state);
      if (n === undefined) {
        n = Number(this.stmt('SELECT count(*) AS n FROM customers WHERE kyc = ?').get(state)?.n ?? 0);
        this.counts.set(state, n);
      }
      total += n;
    }
    return total;
  }

  meta(): CacheMeta {
    const values = new Map<string, unknown>();
    for (const r of this.stmt('SELECT key, value FROM meta').all()) values.set(String(r.key), r.value);
    const n = (k: string) => (values.get(k) === null || values.get(k) === undefined ? null : Number(values.get(k)));
    const last = values.get('last_synced_at');
    return {
      customerCount: n('customer_count') ?? 0,
      lastSyncedAt: typeof last === 'string' ? last : null,
      nextPage: n('sync_next_page'),
      scheduleMinutes: n('schedule_minutes') ?? 0,
    };
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}
