// Every journal.* channel: the journal's state and its check, starting a new journal after a refusal, a
// page of entries, and allowing a resend of a write whose outcome is unknown (the issuing service's, which
// is injected: it looks on the service first). Listing has no side effects: reconciliation runs on its own
// schedule (src-main/issuing/reconcile-schedule.ts).
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';
import type { HandlersFor } from '../ipc/handler';
import type { Logger } from '../ports/ports';
import { customersFor } from './customer-filter';
import type { JournalInUse } from './journal-in-use';

export type JournalChannel =
  'journal.status' | 'journal.verify' | 'journal.startNew' | 'journal.list' | 'journal.acknowledgeResend';

export interface JournalHandlerDeps {
  journal: Pick<JournalInUse, 'journal' | 'status' | 'startNew'>;
  dataDir: string;
  /** The active environment's id: a page lists that environment's entries. */
  environmentId: () => Promise<string>;
  /** Ids of the customers a search text names (from the customer cache), so the journal finds them by name. */
  customerIdsNamed?: (text: string) => Promise<string[]>;
  acknowledgeResend: (id: string) => Promise<Result<JournalEntry>>;
  /** Shows or clears the status bar's notice (a refused journal's). */
  notice: (text: string, on: boolean) => void;
  logger?: Logger;
}

export function journalHandlers(deps: JournalHandlerDeps): HandlersFor<JournalChannel> {
  const { journal } = deps;
  return {
    'journal.status': async () => ok(journal.status),
    'journal.verify': async () => ok(journal.journal.verify()),
    'journal.startNew': async () => {
      if (journal.status.state === 'ok') return ok(journal.status);
      const notice = journal.status.problem;
      let status;
      try {
        status = journal.startNew();
      } catch (e) {
        deps.logger?.error({ err: errorMessage(e) }, 'starting a new journal failed');
        return err(
          'internal',
          `Card Desk could not start a new journal in ${deps.dataDir}. Check that the folder is writable.`,
        );
      }
      if (notice) deps.notice(notice, false);
      return ok(status);
    },
    'journal.list': async (input) => {
      const page = input.page ?? 0;
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const text = input.query?.trim();
      const customerIds = text && deps.customerIdsNamed ? await deps.customerIdsNamed(text) : [];
      const { entries, total } = journal.journal.list({
        environmentId: await deps.environmentId(),
        query: input.query,
        customerIds,
        outcome: input.outcome,
        operation: input.operation,
        fromDate: input.fromDate,
        toDate: input.toDate,
        ...(input.customer ? { forCustomers: await customersFor(input.customer, deps.customerIdsNamed) } : {}),
        ...(input.batchId ? { batchId: input.batchId } : {}),
        page,
        limit,
      });
      return ok(entries, { total, pages: Math.ceil(total / limit), page, limit });
    },
    'journal.acknowledgeResend': ({ id }) => deps.acknowledgeResend(id),
  };
}
