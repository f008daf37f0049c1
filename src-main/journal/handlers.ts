// Every journal.* channel: the journal's state and its check, the desk's export key, starting a new journal
// after a refusal, a page of entries, and allowing a resend of a write whose outcome is unknown (the issuing
// service's, which is injected: it looks on the service first). Listing has no side effects: reconciliation runs on its own
// schedule (src-main/issuing/reconcile-schedule.ts).
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import { keychainUnavailable } from '../keychain/keychain-error';
import { customersFor } from './customer-filter';
import type { ExportSigner } from './export-signature';
import type { JournalInUse } from './journal-in-use';

export type JournalChannel =
  | 'journal.status'
  | 'journal.verify'
  | 'journal.exportFingerprint'
  | 'journal.startNew'
  | 'journal.list'
  | 'journal.acknowledgeResend';

export interface JournalHandlerDeps {
  journal: Pick<JournalInUse, 'ready' | 'status' | 'verify' | 'startNew'>;
  /** The desk's key that signs journal exports (Settings → About shows its fingerprint). */
  exportKey: ExportSigner;
  /** The active environment's id: a page lists that environment's entries. */
  environmentId: () => Promise<string>;
  /** Ids of the customers a search text names (from the customer cache), so the journal finds them by name. */
  customerIdsNamed?: (text: string) => Promise<string[]>;
  acknowledgeResend: (id: string) => Promise<Result<JournalEntry>>;
}

export function journalHandlers(deps: JournalHandlerDeps): HandlersFor<JournalChannel> {
  const { journal } = deps;
  return {
    'journal.status': async () => ok(journal.status),
    'journal.verify': async () => {
      const verified = await journal.verify();
      if ('check' in verified) return ok(verified.check);
      const { state, problem } = verified.unchecked;
      return state === 'waiting'
        ? err('keychain_unavailable', problem ?? 'The system keychain cannot be used.')
        : err('conflict', `The journal could not be checked: it ${problem ?? 'cannot be used'}`);
    },
    'journal.exportFingerprint': async () => {
      try {
        return ok({ fingerprint: (await deps.exportKey.key()).fingerprint });
      } catch (e) {
        return keychainUnavailable(e).toErr();
      }
    },
    'journal.startNew': async () => {
      const started = await journal.startNew();
      return 'status' in started ? ok(started.status) : err('internal', started.problem);
    },
    'journal.list': async (input) => {
      const page = input.page ?? 0;
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const text = input.query?.trim();
      const customerIds = text && deps.customerIdsNamed ? await deps.customerIdsNamed(text) : [];
      const { entries, total } = (await journal.ready()).list({
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
