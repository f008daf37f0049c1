// Searches and reads on a read-only connection. Results: exact matches first, then prefix matches; names
// and phones in the order the service listed the customers, emails and ids in value order. There is
// no relevance scoring: a prefix can match hundreds of thousands of rows and scoring them all costs far
// more than the search. The total is counted up to a cap, so a one-letter query costs as little as a precise one.
// Which rows a search matches is MatchingRows (../search/matching-rows.ts), the customer list is
// CustomerBrowse (customer-browse.ts); the reader loads the rows they name.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Customer } from '../../../src-shared/api/records';
import type { CustomerBrowseInput } from '../../../src-shared/ipc/channels/customers';
import { CustomerBrowse, type BrowsePage } from './customer-browse';
import { type OpenedGroups, RECORD_COLUMNS, RecordOpener } from './record-opener';
import { LISTED_COLUMNS, type ListedRow, listedCustomer, listedSeq, recordColumnsOf } from './listed-customer';
import type { RecordSeal } from './record-seal';
import { type ExactFound, type ExactKeys, exactSeqs } from './exact-lookup';
import { MatchingRows } from '../search/matching-rows';
import { isBrowse, type SearchPlan } from '../search/search-plan';

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

export class CustomerReader {
  private readonly statements = new Map<string, StatementSync>();
  /** The rows a search lists, read as arrays (loadListed). */
  private listedRows: StatementSync | null = null;
  private readonly records: RecordOpener;
  private readonly matching: MatchingRows;
  private readonly list: CustomerBrowse;

  /** `seal`: the cache's keys, to open records and look up identity numbers (record-seal.ts). */
  constructor(
    private readonly db: DatabaseSync,
    private readonly seal: RecordSeal,
    private readonly countCap = 1000,
  ) {
    const stmt = (sql: string) => this.stmt(sql);
    const dataVersion = () => this.dataVersion();
    this.records = new RecordOpener(stmt, seal);
    this.matching = new MatchingRows(stmt, (value) => seal.blindIndex(value), dataVersion);
    this.list = new CustomerBrowse({
      db,
      stmt,
      load: (seqs) => this.load(seqs),
      get: (id) => this.get(id),
      dataVersion,
    });
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
    if (isBrowse(plan)) {
      const seqs = this.stmt('SELECT seq FROM customers ORDER BY seq LIMIT ?')
        .all(limit)
        .map((r) => Number(r.seq));
      return { customers: this.load(seqs, listed), total: this.meta().customerCount, totalCapped: false };
    }
    const { seqs, matched } = this.matching.find(plan, limit, this.countCap);
    return {
      customers: this.load(seqs, listed),
      total: Math.min(matched, this.countCap),
      totalCapped: matched > this.countCap,
    };
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
    if (listed) return this.loadListed(seqs);
    const rows = this.stmt(`SELECT seq, ${ROW} FROM customers WHERE seq IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(seqs),
    );
    const bySeq = new Map<number, Record<string, unknown>>();
    for (const row of rows) bySeq.set(Number(row.seq), row);
    const out: Customer[] = [];
    const opened: OpenedGroups = new Map();
    for (const seq of seqs) {
      const row = bySeq.get(seq);
      if (row) out.push(this.records.decode(row, opened));
    }
    return out;
  }

  /** The listed customers of these rows, in this order (listed-customer.ts), read as arrays. */
  private loadListed(seqs: number[]): Customer[] {
    if (!this.listedRows) {
      this.listedRows = this.db.prepare(
        `SELECT ${LISTED_COLUMNS} FROM customers WHERE seq IN (SELECT value FROM json_each(?))`,
      );
      this.listedRows.setReturnArrays(true);
    }
    const bySeq = new Map<number, ListedRow>();
    for (const row of this.listedRows.all(JSON.stringify(seqs)) as unknown[] as ListedRow[]) {
      bySeq.set(listedSeq(row), row);
    }
    const out: Customer[] = [];
    let opened: OpenedGroups | undefined;
    for (const seq of seqs) {
      const row = bySeq.get(seq);
      if (!row) continue;
      out.push(
        listedCustomer(row) ?? this.records.decode(recordColumnsOf(row), (opened ??= new Map() as OpenedGroups)),
      );
    }
    return out;
  }

  /**
   * Every customer one of `keys` names exactly, each once, in the service's order (exact-lookup.ts): a
   * file's customers at once. As the lists show them (no record opened), or whole with `listed` false; with
   * the BVN/NIN each customer an identity key found was found by.
   */
  findExact(keys: ExactKeys, listed = true): ExactFound {
    const { seqs, identities } = exactSeqs(
      (sql) => this.stmt(sql),
      (value) => this.seal.blindIndex(value),
      keys,
    );
    const inOrder = seqs.sort((a, b) => a - b);
    return { customers: this.load(inOrder, listed), identities };
  }

  get(id: string): Customer | null {
    const row = this.stmt(`SELECT ${ROW} FROM customers WHERE id = ?`).get(id);
    return row ? this.records.decode(row) : null;
  }

  /** Every customer, in the service's order (for tools and benchmarks). */
  *scan(): Generator<Customer> {
    const opened: OpenedGroups = new Map();
    for (const row of this.db.prepare(`SELECT ${ROW} FROM customers ORDER BY seq`).iterate()) {
      // Rows in order read their groups in order: one opened group at a time is enough.
      if (row.sealed_in !== null && !opened.has(Number(row.sealed_in))) opened.clear();
      yield this.records.decode(row, opened);
    }
  }

  /** A page of all customers, sorted and filtered (customer-browse.ts). */
  browse(input: CustomerBrowseInput): BrowsePage {
    return this.list.browse(input);
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

  /** One value of the meta table (undefined when it has none). */
  metaValue(key: string): unknown {
    return this.stmt('SELECT value FROM meta WHERE key = ?').get(key)?.value;
  }

  /** When the cache last synced completely (what a search's answer says of its age). */
  lastSyncedAt(): string | null {
    const value = this.metaValue('last_synced_at');
    return typeof value === 'string' ? value : null;
  }

  close(): void {
    this.statements.clear();
    this.listedRows = null;
    this.db.close();
  }
}
