// Searches and reads on a read-only connection. Results: exact matches first, then prefix matches; name
// matches in the order the service listed the customers, email/phone/id matches in value order. There is
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
    case 'equals':
      return { sql: `SELECT seq FROM customers WHERE ${m.column} = ?`, params: [m.value] };
    case 'prefix':
      return { sql: `SELECT seq FROM customers WHERE ${m.column} >= ? AND ${m.column} < ?`, params: [m.value, m.value + MAX_CHAR] };
  }
}

export class CustomerReader {
  private readonly statements = new Map<string, StatementSync>();

  constructor(private readonly db: DatabaseSync, private readonly countCap = 1000) {}

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
      const seqs = this.stmt('SELECT seq FROM customers ORDER BY seq LIMIT ?').all(limit).map((r) => Number(r.seq));
      const total = this.meta().customerCount;
      return { customers: this.load(seqs), total, totalCapped: false };
    }
    const seen = new Set<number>();
    const order: number[] = [];
    for (const m of [...plan.exact, ...plan.prefix]) {
      if (order.length >= limit) break;
      const { sql, params } = matcherSql(m);
      // Fetch enough to fill the page even if every row already seen comes back again.
      for (const row of this.stmt(`${sql} LIMIT ?`).all(...params, limit - order.length + seen.size)) {
        const seq = Number(row.seq);
        if (seen.has(seq)) continue;
        seen.add(seq);
        order.push(seq);
        if (order.length >= limit) break;
      }
    }
    const total = this.count(plan.prefix);
    return { customers: this.load(order), total: Math.min(total, this.countCap), totalCapped: total > this.countCap };
  }

  /** Distinct rows matching any matcher, counted to at most countCap + 1. */
  private count(matchers: Matcher[]): number {
    if (matchers.length === 0) return 0;
    const parts = matchers.map(matcherSql);
    const sql = `SELECT count(*) AS n FROM (${parts.map((p) => `SELECT seq FROM (${p.sql} LIMIT ${this.countCap + 1})`).join(' UNION ')})`;
    return Number(this.stmt(sql).get(...parts.flatMap((p) => p.params))?.n ?? 0);
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
