// What one exportable list is: how its query is checked, how a page is fetched, and its columns.
// Definitions are generic over their query and record types; `defineSource` hides those types so the
// service can hold every source in one table.
import type { z } from 'zod';
import type { Customer } from '../../src-shared/api/records';
import type {
  CustomerBrowseInput,
  CustomerBrowseResult,
  CustomerSearchResult,
} from '../../src-shared/ipc/channels/customers';
import type { JournalEntry, JOURNAL_OUTCOMES } from '../../src-shared/ipc/channels/journal';
import type { Approval, ApprovalsListQuery } from '../../src-shared/ipc/channels/approvals';
import type { TeamJournalEntry, TeamJournalQuery } from '../../src-shared/ipc/channels/team';
import { type Result, ok, validationError } from '../../src-shared/ipc/result';
import type { CardApiClient } from '../api/types';
import type { KnownCards } from '../cards/known-cards';
import type { Logger } from '../ports/ports';
import type { ExportSigner } from '../journal/export-signature';
import type { Cell } from './cells';
import { errorMessage } from '../errors/error-message';

type MaybePromise<T> = T | Promise<T>;

/** The journal of writes, as far as an export reads it. */
export interface JournalReader {
  list(input: {
    environmentId?: string;
    query?: string;
    customerIds?: readonly string[];
    outcome?: (typeof JOURNAL_OUTCOMES)[number];
    page: number;
    limit: number;
  }): MaybePromise<{
    entries: JournalEntry[];
    total: number;
  }>;
  /** The hash of the entry's latest event in the journal's chain (carried by the export's rows). */
  latestEventHash?(id: string): string | null;
}

/** The team database's journal of every desk, as far as an export reads it. */
export interface ApprovalsReader {
  list(query: ApprovalsListQuery): Promise<Result<Approval[]>>;
}

export interface TeamJournalReader {
  list(
    query: TeamJournalQuery & { page: number; limit: number },
  ): Promise<Result<{ entries: TeamJournalEntry[]; total: number }>>;
}

/** The customer cache, as far as an export reads it (to name the customer behind an id). */
export interface CustomerLookup {
  get(id: string): MaybePromise<Customer | null>;
  /** A sorted, filtered page of every cached customer (the customers export reads it rather than the API). */
  browse?(input: CustomerBrowseInput): Promise<CustomerBrowseResult>;
  /** The cache's search, ranked by match (the customers export of a search reads it). */
  search?(query: string, limit?: number): Promise<CustomerSearchResult>;
}

/** What a source may use while it runs; resolved once per export. */
export interface SourceContext {
  /** The environment being exported; the journal holds every environment's writes. */
  environmentId: string;
  api: CardApiClient;
  getKnownCards: () => Promise<KnownCards>;
  getJournal?: () => Promise<JournalReader>;
  /** The desk's key that signs the journal's export. */
  journalSigner?: ExportSigner;
  /** The team journal of the environment's team database, when the desk has one. */
  getTeamJournal?: () => TeamJournalReader;
  /** The approval requests of the environment's team database (the Approvals page). */
  getApprovals?: () => ApprovalsReader;
  /** The customer cache of the environment, when there is one. */
  getCustomerCache?: () => Promise<CustomerLookup>;
  /** A customer's display name from the local cache; undefined when unknown. */
  customerName: (id: string | undefined) => Promise<string | undefined>;
  /** Ids of the customers a search text names, from the local cache (empty without one). */
  customerIdsNamed: (text: string) => Promise<string[]>;
  signal: AbortSignal;
  logger?: Logger;
}

export interface Column<R> {
  header: string;
  cell: (record: R) => Cell;
}

/** Gives `column(header, cell)` for records of type R, so a source's column list reads as a table. */
export const columnFor =
  <R>() =>
  (header: string, cell: Column<R>['cell']): Column<R> => ({ header, cell });

export interface FetchedPage<R> {
  records: R[];
  /** Records over all pages, when the source says. */
  total: number | null;
  /** Pages over all pages at this limit, when the source says. */
  pages: number | null;
}

export interface SourceDefinition<Q, R> {
  /** The same shared schema the list operation validates with. */
  query: z.ZodType<Q>;
  columns: readonly Column<R>[];
  /** Why this source cannot be exported here (a missing capability), or null. */
  unavailable?: (deps: { getJournal?: unknown; journalSigner?: unknown }) => string | null;
  fetchPage: (ctx: SourceContext, query: Q, page: number, limit: number) => Promise<Result<FetchedPage<R>>>;
  /** Which fetched records the export writes (a filter the service cannot apply); all when absent. */
  keep?: (query: Q, record: R) => boolean;
  /** Adds what cells need beyond the record itself (for example a customer's name). */
  enrich?: (ctx: SourceContext, records: R[]) => Promise<R[]>;
  /** Sees each fetched page: the known-cards index learns the cards embedded in it. */
  observe?: (ctx: SourceContext, records: R[]) => Promise<void>;
}

export interface RowsPage {
  rows: Cell[][];
  /** Records the page held before `keep` (how the service knows a short page ends the list). */
  fetched: number;
  total: number | null;
  pages: number | null;
}

/** A source with its query checked, ready to page. */
export interface PreparedSource {
  fetchPage(ctx: SourceContext, page: number, limit: number): Promise<Result<RowsPage>>;
}

export interface ExportSource {
  headers: readonly string[];
  unavailable(deps: { getJournal?: unknown; journalSigner?: unknown }): string | null;
  /** Checks the query; a `validation` error names the offending field. */
  prepare(query: unknown): Result<PreparedSource>;
}

export function defineSource<Q, R>(def: SourceDefinition<Q, R>): ExportSource {
  return {
    headers: def.columns.map((c) => c.header),
    unavailable: (deps) => def.unavailable?.(deps) ?? null,
    prepare(rawQuery) {
      const parsed = def.query.safeParse(rawQuery ?? {});
      if (!parsed.success) return validationError(parsed.error.issues);
      const query = parsed.data;
      return ok({
        async fetchPage(ctx, page, limit) {
          const fetched = await def.fetchPage(ctx, query, page, limit);
          if (!fetched.ok) return fetched;
          const { records, total, pages } = fetched.data;
          // Indexing what a page shows is a side benefit: it never fails the export.
          if (def.observe) {
            await def
              .observe(ctx, records)
              .catch((e: unknown) =>
                ctx.logger?.warn({ error: errorMessage(e) }, 'export could not index the cards it saw'),
              );
          }
          const kept = def.keep ? records.filter((r) => def.keep!(query, r)) : records;
          const ready = def.enrich ? await def.enrich(ctx, kept) : kept;
          return ok({
            rows: ready.map((r) => def.columns.map((c) => c.cell(r))),
            fetched: records.length,
            total,
            pages,
          });
        },
      });
    },
  };
}

/** A list operation's answer as a page: its records and what its pagination says. */
export function pageFromApi<R>(result: Result<R[]>): Result<FetchedPage<R>> {
  if (!result.ok) return result;
  return ok({ records: result.data, total: result.pagination?.total ?? null, pages: result.pagination?.pages ?? null });
}

/** A page of a list Card Desk keeps itself: its records, and the page count its total gives at this limit. */
export function pageOfTotal<R>(records: R[], total: number, limit: number): Result<FetchedPage<R>> {
  return ok({ records, total, pages: Math.ceil(total / limit) });
}
