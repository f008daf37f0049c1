// Searches and reads on a read-only connection. Results: exact matches first, then prefix matches; names
// and phones in the order the service listed the customers, emails and ids in value order. There is
// no relevance scoring: a prefix can match hundreds of thousands of rows and scoring them all costs tens
// of milliseconds. The total is counted up to a cap, so a one-letter query costs as little as a precise one.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Customer } from '../../src-shared/api/records';
import { isBrowse, type Matcher, type SearchPlan } from './search-plan';

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

/** The highest code point: `prefix + MAX_CHAR` is above every string that starts with `prefix`. */
const MAX_CHAR = '\u{10FFFF}';

function matcherSql(m: Matcher): { sql: string; params: string[] } {
  switch (m.kind) {
    case 'names':
      return { sql: 'SELECT rowid AS seq FROM customer_names WHERE customer_names MATCH ?', params: [m.match] };
    case 'phone':
      return { sql: 'SELECT rowid AS seq FROM customer_phones WHERE customer_phones MATCH ?', params: [m.match] };
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
    const exact = plan.exact.map((m) => this.seqs(m, limit));
    const prefix = plan.prefix.map((m) => this.seqs(m, this.countCap + 1));
    const matched = new Set<number>();
    const order: number[] = [];
    for (const seqs of [...exact, ...prefix]) {
      for (const seq of seqs) {
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

  /** The rows a matcher matches, in its order, at most `max`: one string from SQLite, far cheaper than a row object each. */
  private seqs(m: Matcher, max: number): number[] {
    const { sql, params } = matcherSql(m);
    const list = this.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql} LIMIT ?)`).get(...params, max)?.seqs;
    return typeof list === 'string' && list ? list.split(',').map(Number) : [];
  }

  private load(seqs: number[]): Customer[] {
    const byId = this.stmt('SELECT json FROM customers WHERE seq = ?');
    const out: Customer[] = [];
    for (const seq of seqs) {
      const json = byId.get(seq)?.json;
      if (typeof json === 'string') out.push(JSON.parse(json) as Customer);
    }
    return out;
  }

  get(id: string): Customer | null {
    const json = this.stmt('SELECT json FROM customers WHERE id = ?').get(id)?.json;
    return typeof json === 'string' ? (JSON.parse(json) as Customer) : null;
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
