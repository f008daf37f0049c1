// The WHERE clause of the journal's list (journal.ts): its filters as SQL over the entries table, with
// named parameters. Times are stored as ISO 8601 UTC, which sorts as text.
import type { JOURNAL_OUTCOMES, JournalEntry } from '../../src-shared/ipc/channels/journal';
import { likeLiteral, namedList, orCustomerIdIn } from '../storage/paged-select';

export type JournalOutcome = (typeof JOURNAL_OUTCOMES)[number];
export type JournalOperation = JournalEntry['operation'];

export interface JournalListQuery {
  /** Absent: every environment. */
  environmentId?: string;
  /** Only writes sent to this address (origin); rows from before addresses were recorded never match. */
  origin?: string;
  /** Matches part of the operation, client reference, result id, customer id or error. */
  query?: string;
  /** Entries for these customers match the query too (the customers whose names match it). */
  customerIds?: readonly string[];
  outcome?: JournalOutcome;
  operation?: JournalOperation;
  /** Days in UTC (YYYY-MM-DD), inclusive. */
  fromDate?: string;
  toDate?: string;
  /** Only writes for these customers (an empty list matches none); absent: any customer. */
  forCustomers?: readonly string[];
  /** Only the writes of this batch (issue from a file). */
  batchId?: string;
  /** Zero-based. */
  page?: number;
  limit?: number;
}

const likeAnywhere = (s: string): string => `%${likeLiteral(s)}%`;

export function listFilter({
  environmentId,
  origin,
  query,
  customerIds = [],
  outcome,
  operation,
  fromDate,
  toDate,
  forCustomers,
  batchId,
}: Omit<JournalListQuery, 'page' | 'limit'>): { where: string[]; params: Record<string, string | number> } {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (environmentId !== undefined) {
    where.push('environment_id = :environmentId');
    params.environmentId = environmentId;
  }
  if (origin !== undefined) {
    where.push('origin = :origin');
    params.origin = origin;
  }
  if (outcome) {
    where.push('outcome = :outcome');
    params.outcome = outcome;
  }
  if (operation) {
    where.push('operation = :operation');
    params.operation = operation;
  }
  if (fromDate) {
    where.push('at >= :fromDate');
    params.fromDate = `${fromDate}T00:00:00.000Z`;
  }
  if (toDate) {
    where.push('at < :toDateEnd');
    params.toDateEnd = new Date(Date.parse(`${toDate}T00:00:00.000Z`) + 86_400_000).toISOString();
  }
  if (forCustomers) {
    where.push(forCustomers.length ? `customer_id IN (${namedList('for', forCustomers, params)})` : '0');
  }
  if (batchId !== undefined) {
    where.push('batch_id = :batchId');
    params.batchId = batchId;
  }
  const text = query?.trim();
  if (text) {
    where.push(`(operation LIKE :text ESCAPE '\\' OR client_reference LIKE :text ESCAPE '\\' OR result_id LIKE :text ESCAPE '\\'
      OR customer_id LIKE :text ESCAPE '\\' OR error LIKE :text ESCAPE '\\'${orCustomerIdIn(customerIds, params)})`);
    params.text = likeAnywhere(text);
  }
  return { where, params };
}
