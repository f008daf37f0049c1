// Searches and reads on a read-only connection. Results: exact matches first, then prefix matches; names
// and phones in the order the service listed the customers, emails and ids in value order. There is
// no relevance scoring: a prefix can match hundreds of thousands of rows and scoring them all costs far
// more than the search. The total is counted up to a cap, so a one-letter query costs as little as a precise one.
import { UnreadableIds } from './unreadable-ids';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Customer } from '../../../src-shared/api/records';
import type { CustomerBrowseInput } from '../../../src-shared/ipc/channels/customers';
import { hasNameOrder } from './first-fill';
import { RECORD_COLUMNS, RecordOpener } from './record-opener';
import { LISTED_COLUMNS, listedCustomer } from './listed-customer';
import type { RecordSeal } from './record-seal';
import { MARKER, pairsQuery, type QueryWord } from '../search/name-pairs';
import { NAME_PAIRS_PENDING_SQL } from '../search/name-pairs-index';
import { NameVocabulary } from '../search/name-vocabulary';
import { ID_SUFFIX, isBrowse, type Matcher, type NamesMatcher, type SearchPlan } from '../search/search-plan';
import { KYC_APPROVED, KYC_NOT_APPROVED, KYC_UNKNOWN } from '../search/search-fields';
import { MAX_CHAR, emailWithTailSql } from '../search/email-tail';

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

/** What a record is read with (record-opener.ts). */
const ROW = RECORD_COLUMNS;

const KYC_OF = { approved: KYC_APPROVED, notApproved: KYC_NOT_APPROVED, unknown: KYC_UNKNOWN } as const;

/**
 * The words of a names matcher, each lower-case with whether it is a prefix; undefined for a word that is
 * not plain ASCII, which the tokenizer may fold otherwise.
 */
function nameWords(m: NamesMatcher): (QueryWord | undefined)[] {
  return m.words.map((word) =>
    /^[A-Za-z0-9]+$/.test(word) ? { word: word.toLowerCase(), prefix: m.prefix } : undefined,
  );
}

function matcherSql(
  m: Matcher,
  vocabulary: NameVocabulary,
  seal: RecordSeal,
): { sql: string; params: (string | Uint8Array | null)[] } {
  switch (m.kind) {
    case 'names':
      return {
        sql: 'SELECT rowid AS seq FROM customer_names WHERE customer_names MATCH ?',
        params: [vocabulary.expandLongPrefixes(m)],
      };
    case 'phone':
      return { sql: 'SELECT rowid AS seq FROM customer_phones WHERE customer_phones MATCH ?', params: [m.match] };
    case 'idSuffix':
      // The index holds each id's last 8 characters; a longer suffix is checked against the whole id.
      return {
        sql: `SELECT seq FROM customers WHERE substr(id, -8) = ? AND id LIKE '%' || ?`,
        params: [m.value.slice(-ID_SUFFIX), m.value],
      };
    case 'identity':
      // The column holds the number's blind index only (record-seal.ts).
      return { sql: 'SELECT seq FROM customers WHERE identity = ?', params: [seal.blindIndex(m.value)] };
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
  private pairsVersion = -1;
  private pairsComplete = false;
  private tailVersion = -1;
  private tail: number | null = null;
  private readonly records: RecordOpener;

  /** `seal`: the cache's keys, to open records and look up identity numbers (record-seal.ts). */
  constructor(
    private readonly db: DatabaseSync,
    private readonly seal: RecordSeal,
    private readonly countCap = 1000,
  ) {
    this.records = new RecordOpener((sql) => this.stmt(sql), seal);
  }

  private stmt(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * The customers a search finds, whole (each sealed record opened: exports, matching by identity number),
   * or with `listed` as the lists show them, from the plain columns (listed-customer.ts).
   */
  search(plan: SearchPlan, limit: number, listed = false): SearchPage {
    const load = (seqs: number[]) => this.load(seqs, listed);
    if (isBrowse(plan)) {
      const seqs = this.stmt('SELECT seq FROM customers ORDER BY seq LIMIT ?')
        .all(limit)
        .map((r) => Number(r.seq));
      return { customers: load(seqs), total: this.meta().customerCount, totalCapped: false };
    }
    // Exact matches first (few, cheap), then one pass per prefix matcher that both fills the page and
    // counts: it reads at most countCap + 1 rows, so a one-letter prefix costs no more than a rare name.
    // Once the page is full and the count past the cap, later matchers could change neither.
    const matched = new Set<number>();
    const order: number[] = [];
    // The index's words one search asks about, each looked up once (a lookup is a seek in the vocabulary).
    const vocabulary = new NameVocabulary(
      this.stmt('SELECT term FROM customer_name_instances WHERE term >= ? LIMIT 1'),
    );
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
      customers: load(order),
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
  private exactNeeded(plan: SearchPlan, vocabulary: NameVocabulary): boolean {
    const [exact, prefix] = [plan.exact, plan.prefix];
    if (exact.length !== 1 || prefix.length !== 1 || exact[0]!.kind !== 'names' || prefix[0]!.kind !== 'names') {
      return true;
    }
    const words = nameWords(prefix[0]!);
    // The last word first: it is the one being typed, the likeliest to be only the start of a word.
    for (const w of words.reverse()) {
      const state = w === undefined ? 'unknown' : vocabulary.state(w.word);
      if (state === 'absent') return false;
      if (state !== 'whole') return true;
    }
    return false;
  }

  /** The rows a matcher matches, in its order, at most `max`: one string from SQLite, far cheaper than a row object each. */
  private seqs(m: Matcher, max: number, vocabulary: NameVocabulary): number[] {
    const pairs = m.kind === 'names' ? this.pairsMatch(m, vocabulary) : null;
    const tail = m.kind === 'email' ? this.emailTail() : null;
    const { sql, params } = pairs
      ? { sql: 'SELECT rowid AS seq FROM customer_name_pairs WHERE customer_name_pairs MATCH ?', params: [pairs] }
      : m.kind === 'email' && tail !== null
        ? emailWithTailSql(m, tail)
        : matcherSql(m, vocabulary, this.seal);
    const list = this.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql} LIMIT ?)`).get(...params, max)?.seqs;
    return typeof list === 'string' && list ? list.split(',').map(Number) : [];
  }

  /**
   * A names query of two or more plain-ASCII words as a query of the name-pairs index (name-pairs.ts),
   * when one word is one the customer must have exactly: typed whole, or a prefix that is a whole word
   * of the index. The same rows in the same order, read from the pairs of that word alone.
   */
  private pairsMatch(m: NamesMatcher, vocabulary: NameVocabulary): string | null {
    const read = nameWords(m);
    if (read.length < 2 || read.some((w) => w === undefined)) return null;
    const words = read as QueryWord[];
    if (!this.pairsUsable()) return null;
    const anchor = words.find((w) => !w.prefix) ?? words.find((w) => vocabulary.state(w.word) === 'whole');
    return anchor ? pairsQuery(words, anchor) : null;
  }

  /**
   * Whether the name-pairs index holds every customer's pairs: it is built (not pending since an
   * upgrade, see name-pairs-index.ts) and no customer has names it could not pair. Asked again only
   * when the file has changed.
   */
  private pairsUsable(): boolean {
    const version = this.dataVersion();
    if (version !== this.pairsVersion) {
      this.pairsVersion = version;
      this.pairsComplete =
        this.stmt(NAME_PAIRS_PENDING_SQL).get() === undefined &&
        this.stmt('SELECT 1 AS one FROM customer_name_pairs WHERE customer_name_pairs MATCH ? LIMIT 1').get(
          `"${MARKER}"`,
        ) === undefined;
    }
    return this.pairsComplete;
  }

  /**
   * The last row whose email is in customer_emails when rows after it are not yet (their chunk is written
   * at EMAIL_CHUNK rows or when the sync completes, customer-store.ts), or null when every row's is.
   * A sync stopped part-way (a full disk, a cancel, the network) leaves such a tail: email search reads it
   * from the rows themselves, so every customer stored is found by email. Known once per change of the file.
   */
  private emailTail(): number | null {
    const version = this.dataVersion();
    if (version !== this.tailVersion) {
      this.tailVersion = version;
      const row = this.stmt(
        "SELECT (SELECT value FROM meta WHERE key = 'emails_through_seq') AS through, (SELECT max(seq) FROM customers) AS last",
      ).get();
      const through = Number(row?.through ?? 0);
      const last = Number(row?.last ?? 0);
      this.tail = last > through ? through : null;
    }
    return this.tail;
  }

  /** Changes whenever another connection commits to the file. */
  private dataVersion(): number {
    return Number(this.stmt('PRAGMA data_version').get()?.data_version ?? 0);
  }

  /**
   * The customers of these rows, in this order: one statement for all of them. `listed`: as the lists show
   * them, from the plain columns (a row written before they sufficed has its record opened).
   */
  private load(seqs: number[], listed = false): Customer[] {
    if (seqs.length === 0) return [];
    const columns = listed
      ? `${LISTED_COLUMNS}, CASE WHEN shown IS NULL THEN record END AS record, sealed_in, sealed_at`
      : ROW;
    const rows = this.stmt(`SELECT seq, ${columns} FROM customers WHERE seq IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(seqs),
    );
    const bySeq = new Map<number, Record<string, unknown>>();
    for (const row of rows) bySeq.set(Number(row.seq), row);
    const out: Customer[] = [];
    const opened = new Map<number, Buffer>();
    for (const seq of seqs) {
      const row = bySeq.get(seq);
      if (row) out.push((listed ? listedCustomer(row) : null) ?? this.records.decode(row, opened));
    }
    return out;
  }

  get(id: string): Customer | null {
    const row = this.stmt(`SELECT ${ROW} FROM customers WHERE id = ?`).get(id);
    return row ? this.records.decode(row) : null;
  }

  /** Every customer, in the service's order (for tools and benchmarks). */
  *scan(): Generator<Customer> {
    const opened = new Map<number, Buffer>();
    for (const row of this.db.prepare(`SELECT ${ROW} FROM customers ORDER BY seq`).iterate()) {
      // Rows in order read their groups in order: one opened group at a time is enough.
      if (row.sealed_in !== null && !opened.has(Number(row.sealed_in))) opened.clear();
      yield this.records.decode(row, opened);
    }
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
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 50;
    if (input.unreadable) return { ...this.unreadable(offset, limit), offset, nameOrderPending: false };
    const sort = input.sort ?? 'name';
    const desc = input.direction === 'desc';
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

  /** A page of the customers with fields that could not be read (unreadable-ids.ts), in id order. */
  private unreadable(offset: number, limit: number): { customers: Customer[]; total: number } {
    const text = this.stmt("SELECT value FROM meta WHERE key = 'unreadable_ids'").get()?.value;
    const ids = new UnreadableIds(typeof text === 'string' ? text : null).list();
    const customers = ids
      .slice(offset, offset + limit)
      .map((id) => this.get(id))
      .filter((c): c is Customer => c !== null);
    return { customers, total: ids.length };
  }

  /** The seqs a query answers, as one string from SQLite. */
  private seqList(sql: string, ...params: number[]): number[] {
    const list = this.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql})`).get(...params)?.seqs;
    return typeof list === 'string' && list ? list.split(',').map(Number) : [];
  }

  /** Customers in these KYC states; remembered until the file changes. */
  private count(states: number[]): number {
    const version = this.dataVersion();
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
