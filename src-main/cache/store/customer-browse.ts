// The customer list (customers.browse): a page of all customers, sorted and filtered, on the reader's
// connection (customer-reader.ts). Each order is an index walk: by KYC state, then name or date; the
// whole list (no KYC filter) merges the three states' ranges in the wanted order. While the first sync
// has not built the name order (first-fill.ts), a list by name is in the order customers arrived and one
// by KYC state is by date within each state: still index walks, never a sort of the table.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Customer } from '../../../src-shared/api/records';
import type { CustomerBrowseInput } from '../../../src-shared/ipc/channels/customers';
import { KYC_APPROVED, KYC_NOT_APPROVED, KYC_UNKNOWN } from '../search/search-fields';
import { hasNameOrder } from './first-fill';
import { UnreadableIds } from './unreadable-ids';

const KYC_OF = { approved: KYC_APPROVED, notApproved: KYC_NOT_APPROVED, unknown: KYC_UNKNOWN } as const;

export interface BrowsePage {
  customers: Customer[];
  total: number;
  offset: number;
  nameOrderPending: boolean;
}

/** What the list reads with: the reader's connection, its statements and its loading of rows. */
export interface BrowseSource {
  db: DatabaseSync;
  stmt: (sql: string) => StatementSync;
  /** The customers of these rows, in this order. */
  load: (seqs: number[]) => Customer[];
  get: (id: string) => Customer | null;
  /** Changes whenever another connection commits to the file. */
  dataVersion: () => number;
}

export class CustomerBrowse {
  private readonly counts = new Map<number, number>();
  private countsVersion = -1;

  constructor(private readonly source: BrowseSource) {}

  browse(input: CustomerBrowseInput): BrowsePage {
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 50;
    if (input.unreadable) return { ...this.unreadable(offset, limit), offset, nameOrderPending: false };
    const sort = input.sort ?? 'name';
    const desc = input.direction === 'desc';
    const dir = desc ? 'DESC' : 'ASC';
    const nameOrderPending = sort !== 'createdAt' && !hasNameOrder(this.source.db);
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
    return { customers: this.source.load(seqs), total: this.count(states), offset, nameOrderPending };
  }

  /** A page of the customers with fields that could not be read (unreadable-ids.ts), in id order. */
  private unreadable(offset: number, limit: number): { customers: Customer[]; total: number } {
    const text = this.source.stmt("SELECT value FROM meta WHERE key = 'unreadable_ids'").get()?.value;
    const ids = new UnreadableIds(typeof text === 'string' ? text : null).list();
    const customers = ids
      .slice(offset, offset + limit)
      .map((id) => this.source.get(id))
      .filter((c): c is Customer => c !== null);
    return { customers, total: ids.length };
  }

  /** The seqs a query answers, as one string from SQLite. */
  private seqList(sql: string, ...params: number[]): number[] {
    const list = this.source.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql})`).get(...params)?.seqs;
    return typeof list === 'string' && list ? list.split(',').map(Number) : [];
  }

  /** Customers in these KYC states; remembered until the file changes. */
  private count(states: number[]): number {
    const version = this.source.dataVersion();
    if (version !== this.countsVersion) {
      this.counts.clear();
      this.countsVersion = version;
    }
    let total = 0;
    for (const state of states) {
      let n = this.counts.get(state);
      if (n === undefined) {
        n = Number(this.source.stmt('SELECT count(*) AS n FROM customers WHERE kyc = ?').get(state)?.n ?? 0);
        this.counts.set(state, n);
      }
      total += n;
    }
    return total;
  }
}
