// What the routes and operations share: the state, its id sequences and the clock.
import type { CustomerDirectory } from '../data/customers';
import type { PageBuffers } from '../http/page-buffers';
import type { Random } from '../data/random';
import type { SandboxIds } from './ids';
import type { SandboxStore } from './store';
import type { RecordViews } from './views';

export interface SandboxDeps {
  seed: number;
  store: SandboxStore;
  customers: CustomerDirectory;
  /** Memory the customer list's pages are written into, reused once each is sent. */
  pageBuffers: PageBuffers;
  ids: SandboxIds;
  views: RecordViews;
  /** The sandbox clock (dates of new records, expiry rules). */
  now: () => Date;
  /** Draws for records created at run time (account numbers, PANs, references). */
  random: Random;
}

/** The outcome of a write: the record, or a 400 message naming the offending field. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };
