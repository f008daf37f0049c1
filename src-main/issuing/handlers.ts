// IPC handlers for the writes (issue a card, open an account or wallet) and the journal that records them.
import { customersFor } from '../journal/customer-filter';
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import { ok } from '../../src-shared/ipc/result';
import { handlerGuard } from '../ipc/guarded';
import type { HandlersFor } from '../ipc/handler';
import { createIssuingService, type IssuingDeps, type IssuingService } from './issuing-service';
import { errorMessage } from '../errors/error-message';

export type IssuingChannel = 'cards.create' | 'accounts.create' | 'journal.list' | 'journal.acknowledgeResend';

export type IssuingHandlers = HandlersFor<IssuingChannel> & {
  /** The service behind the handlers (reconciliation on demand). */
  readonly service: IssuingService;
};

export interface IssuingHandlerDeps extends IssuingDeps {
  /** Ids of the customers a search text names (from the customer cache), so the journal finds them by name. */
  customerIdsNamed?: (text: string) => Promise<string[]>;
}

export function issuingHandlers(deps: IssuingHandlerDeps): HandlersFor<IssuingChannel> {
  const { service: _service, ...handlers } = issuingHandlersWithService(deps);
  return handlers;
}

export function issuingHandlersWithService(deps: IssuingHandlerDeps): IssuingHandlers {
  const service = createIssuingService(deps);

  const on = handlerGuard();

  const handlers: HandlersFor<IssuingChannel> = {
    'cards.create': on('cards.create', ({ confirmRepeat, ...request }, signal) =>
      service.createCard(request, { signal, confirmRepeat: confirmRepeat === true }),
    ),
    'accounts.create': on('accounts.create', ({ confirmRepeat, ...request }, signal) =>
      service.createAccount(request, { signal, confirmRepeat: confirmRepeat === true }),
    ),
    'journal.list': on('journal.list', async (input) => {
      const [active, journal] = await Promise.all([deps.getActive(), deps.getJournal()]);
      try {
        await service.reconcile();
      } catch (e) {
        deps.logger?.warn({ error: errorMessage(e) }, 'card reconciliation failed');
      }
      service.reconcileAccountsInBackground();
      const page = input.page ?? 0;
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const text = input.query?.trim();
      const customerIds = text && deps.customerIdsNamed ? await deps.customerIdsNamed(text) : [];
      const { entries, total } = journal.list({
        environmentId: active.environment.id,
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
    }),
    'journal.acknowledgeResend': on('journal.acknowledgeResend', ({ id }) => service.acknowledgeResend(id)),
  };
  return { ...handlers, service };
}
