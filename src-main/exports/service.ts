// "Export CSV": the current query of a list, across all its pages, written to a file the user chose.
// `start` answers at once; the export runs in the background with progress events and can be cancelled.
import { randomUUID } from 'node:crypto';
import type { Environment } from '../../src-shared/ipc/channels/settings';
import { type Result, err, ok } from '../../src-shared/ipc/result';
import { MAX_PAGE_SIZE } from '../../src-shared/api/requests';
import { backgroundClient } from '../api/call-priority';
import { watchBackgroundWaits } from '../api/rate-budget-wait';
import type { CardApiClient } from '../api/types';
import type { KnownCards } from '../cards/known-cards';
import type { ExportSigner } from '../journal/export-signature';
import type { Emit, Logger, SaveFilePort } from '../ports/ports';
import { customerNameLookup } from './customer-names';
import { createCsvFile, type CsvFile } from './csv-file';
import type {
  ApprovalsReader,
  CustomerLookup,
  JournalReader,
  PreparedSource,
  SourceContext,
  TeamJournalReader,
} from './export-source';
import { suggestedFileName } from './file-name';
import { createProgressReporter } from './progress-reporter';
import { type ExportSourceName, exportSources } from './sources';
import { errorMessage } from '../errors/error-message';

export interface ExportServiceDeps {
  /** The active environment and its API client, read once when an export starts. */
  getActive(): Promise<{ environment: Environment; api: CardApiClient }>;
  getKnownCards(): Promise<KnownCards>;
  /** Names customers in rows that carry only an id; optional. */
  getCustomerCache?: () => Promise<CustomerLookup>;
  /** Ids of the customers a search text names (journal search by name); none without it. */
  customerIdsNamed?: (text: string) => Promise<string[]>;
  /** The journal of writes; without it the `journal` source is not offered. */
  getJournal?: () => Promise<JournalReader>;
  /** The desk's key that signs the journal's export (journal/export-signature.ts). */
  journalSigner?: ExportSigner;
  /** The team journal (the active environment's team database), for the `teamJournal` source. */
  getTeamJournal?: () => TeamJournalReader;
  /** The approval requests (the active environment's team database), for the `approvals` source. */
  getApprovals?: () => ApprovalsReader;
  saveFile: SaveFilePort;
  emit: Emit;
  logger?: Logger;
  now?: () => Date;
  /** Least time between two `running` progress events (default 250 ms). */
  progressIntervalMs?: number;
}

export interface ExportRequest {
  source: ExportSourceName;
  query?: Record<string, string | number | boolean>;
}

export interface ExportStarted {
  /** Null when no export started (the user closed the save dialog). */
  exportId: string | null;
  cancelledByUser: boolean;
}

export interface ExportService {
  start(request: ExportRequest): Promise<Result<ExportStarted>>;
  cancel(exportId: string): { cancelled: boolean };
  /** Cancels every running export and waits until their temporary files are removed (on quit). */
  cancelAll(): Promise<void>;
}

/** Exports page at the API's largest page size: the fewest requests against the rate limit. */
export const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

export function createExportService(deps: ExportServiceDeps): ExportService {
  const { emit, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const running = new Map<string, { controller: AbortController; finished: Promise<void> }>();

  async function run(
    exportId: string,
    source: ExportSourceName,
    target: string,
    prepared: PreparedSource,
    ctx: SourceContext,
  ): Promise<void> {
    const progress = createProgressReporter(exportId, emit, deps.progressIntervalMs ?? 250);
    const state = {
      rows: 0,
      readRows: 0,
      totalRows: null as number | null,
      pagesDone: 0,
      totalPages: null as number | null,
    };
    let file: CsvFile | null = null;
    const cancelled = () => ctx.signal.aborted;
    const stopWatching = watchBackgroundWaits(ctx.api.budget, (resumesAt) => progress.waiting(resumesAt));
    try {
      file = await createCsvFile(target, exportSources[source].headers, exportId);
      for (let page = 0; !cancelled(); page++) {
        const fetched = await prepared.fetchPage(ctx, page, EXPORT_PAGE_SIZE);
        if (cancelled()) break;
        if (!fetched.ok) throw new Error(fetched.error.message);
        const { rows, fetched: read, total, pages } = fetched.data;
        await file.write(rows);
        state.rows += rows.length;
        state.readRows += read;
        state.totalRows = total;
        state.pagesDone += 1;
        const said = pages ?? (total === null ? null : Math.ceil(total / EXPORT_PAGE_SIZE));
        state.totalPages = said === null ? null : Math.max(said, state.pagesDone);
        progress.running(state);
        const lastPage = read === 0 || (said === null ? read < EXPORT_PAGE_SIZE : state.pagesDone >= said);
        if (lastPage) break;
      }
      if (cancelled()) {
        await file.discard();
        progress.finish({
          ...state,
          phase: 'cancelled',
          file: null,
          message: 'The export was cancelled; no file was written.',
        });
        logger?.info({ exportId, source, rows: state.rows }, 'export cancelled');
        return;
      }
      await file.commit();
      progress.finish({ ...state, totalPages: state.pagesDone, phase: 'done', file: target });
      logger?.info({ exportId, source, rows: state.rows, pages: state.pagesDone }, 'export done');
    } catch (e) {
      await file?.discard().catch(() => undefined);
      const phase = cancelled() ? 'cancelled' : 'failed';
      const message =
        phase === 'cancelled'
          ? 'The export was cancelled; no file was written.'
          : `The export failed and no file was written: ${errorMessage(e)}`;
      progress.finish({ ...state, phase, file: null, message });
      logger?.warn({ exportId, source, rows: state.rows, error: errorMessage(e) }, 'export failed');
    } finally {
      stopWatching();
    }
  }

  return {
    async start({ source, query }) {
      try {
        const definition = exportSources[source];
        if (!definition)
          return err('validation', `source must be one of ${Object.keys(exportSources).join(', ')}`, {
            field: 'source',
          });
        const unavailable = definition.unavailable({ getJournal: deps.getJournal, journalSigner: deps.journalSigner });
        if (unavailable) return err('not_found', unavailable, { field: 'source' });
        const prepared = definition.prepare(query ?? {});
        if (!prepared.ok) return prepared;

        const { environment, api } = await deps.getActive();
        const target = await deps.saveFile.chooseSavePath(suggestedFileName(source, now()));
        if (target === null) return ok({ exportId: null, cancelledByUser: true });

        const exportId = randomUUID();
        const controller = new AbortController();
        // The index of the environment being exported, even if the user switches environment meanwhile.
        const knownCards = deps.getKnownCards();
        knownCards.catch(() => undefined);
        const ctx: SourceContext = {
          environmentId: environment.id,
          // An export is background work: an operator's calls go first.
          api: backgroundClient(api),
          getKnownCards: () => knownCards,
          getJournal: deps.getJournal,
          ...(deps.journalSigner ? { journalSigner: deps.journalSigner } : {}),
          ...(deps.getTeamJournal ? { getTeamJournal: deps.getTeamJournal } : {}),
          ...(deps.getApprovals ? { getApprovals: deps.getApprovals } : {}),
          getCustomerCache: deps.getCustomerCache,
          customerName: customerNameLookup(deps.getCustomerCache),
          customerIdsNamed: deps.customerIdsNamed ?? (async () => []),
          signal: controller.signal,
          logger,
        };
        logger?.info({ exportId, source, environmentId: environment.id }, 'export started');
        const finished = run(exportId, source, target, prepared.data, ctx).finally(() => running.delete(exportId));
        running.set(exportId, { controller, finished });
        return ok({ exportId, cancelledByUser: false });
      } catch (e) {
        return err('internal', `The export could not start: ${errorMessage(e)}`);
      }
    },

    cancel(exportId) {
      const entry = running.get(exportId);
      if (!entry || entry.controller.signal.aborted) return { cancelled: false };
      entry.controller.abort();
      return { cancelled: true };
    },

    async cancelAll() {
      const entries = [...running.values()];
      for (const e of entries) e.controller.abort();
      await Promise.all(entries.map((e) => e.finished));
    },
  };
}
