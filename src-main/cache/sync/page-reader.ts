// Reading a synced page into what the store writes: the customers checked against the contract, their
// columns, and each record already in its compact form (record-codec.ts). This is the part of storing a
// page that needs no database, a large share of the work, so it runs on a thread of its own beside the one that
// writes (page-reader-thread.ts) and the two overlap.
//
// Shared strings are numbered here, from a copy of customer_strings read when the cache opens: each page
// names every string its records use, with its number, and the store adds those it lacks (a batch that
// rolls back takes its new strings with it; the next page that uses one names it again). Numbers are never
// handed out twice, so a number always means the same text.
import type { RecordNote } from '../../../src-shared/api/tolerant-read';
import { readCustomerPage } from './customer-page';
import { type PreparedRow, prepareRows } from '../store/prepared-row';
import type { StringsWriter } from '../store/record-codec';
import type { RecordSeal } from '../store/record-seal';

export type PreparedPage =
  | {
      readable: true;
      rows: PreparedRow[];
      /** The sealed groups of the rows' records (sealed-groups.ts). */
      groups: Uint8Array[];
      /** Pages in the list as this page says, or null when it cannot tell. */
      totalPages: number | null;
      /** Every shared string the records use: [number, text]. */
      strings: [number, string][];
      /** Customers the page held, those left out included. */
      sent: number;
      /** Customers read tolerantly or left out (tolerant-read.ts). */
      notes?: RecordNote[];
      /** Ids of customers a feed no longer lists, removed with the page (customer-store.ts). */
      removed?: string[];
    }
  | { readable: false };

export class PageReader {
  private readonly numbers = new Map<string, number>();
  private next = 1;
  /** For each string's number, the last page (`pages`) that named it: a page names each string once. */
  private readonly namedOn: number[] = [];
  private pages = 0;

  /** `seal`: the cache's keys; `known`: customer_strings as the file holds it (opened). */
  constructor(
    private readonly seal: RecordSeal,
    known: Iterable<readonly [number, string]> = [],
  ) {
    for (const [n, text] of known) {
      this.numbers.set(text, n);
      this.next = Math.max(this.next, n + 1);
    }
  }

  /** The page's customers ready to write, or `readable: false` when the body is not the customer list. */
  read(body: Uint8Array, page: number): PreparedPage {
    const read = readCustomerPage(body, page);
    if (!read) return { readable: false };
    const used: [number, string][] = [];
    const on = ++this.pages;
    const strings: StringsWriter = {
      ref: (text) => {
        let n = this.numbers.get(text);
        if (n === undefined) {
          n = this.next++;
          this.numbers.set(text, n);
        }
        if (this.namedOn[n] !== on) {
          this.namedOn[n] = on;
          used.push([n, text]);
        }
        return n;
      },
    };
    const { rows, groups } = prepareRows(read.rows, strings, this.seal);
    return {
      readable: true,
      rows,
      groups,
      totalPages: read.totalPages,
      strings: used,
      sent: read.sent,
      ...(read.notes ? { notes: read.notes } : {}),
      ...(read.removed ? { removed: read.removed } : {}),
    };
  }
}
