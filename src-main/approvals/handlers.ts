// Every approvals.* channel, and the guard main puts before cards.create and accounts.create: a write that
// needs approval is refused there (never sent), whatever the window asked.
import { ok } from '../../src-shared/ipc/result';
import type { Handler, HandlersFor } from '../ipc/handler';
import type { CreateCard } from '../cards/handlers';
import type { CreateAccount } from '../accounts/handlers';
import type { ApprovalsService } from './approvals-service';

export type ApprovalsChannel =
  | 'approvals.status'
  | 'approvals.check'
  | 'approvals.request'
  | 'approvals.list'
  | 'approvals.get'
  | 'approvals.approve'
  | 'approvals.reject'
  | 'approvals.withdraw'
  | 'approvals.rules'
  | 'approvals.setRules';

export function approvalsHandlers(approvals: ApprovalsService): HandlersFor<ApprovalsChannel> {
  return {
    'approvals.status': async () => ok(await approvals.status()),
    'approvals.check': async (write) => ok(await approvals.check(write)),
    'approvals.request': (input) => approvals.request(input),
    'approvals.list': (query) => approvals.list(query),
    'approvals.get': ({ id }) => approvals.get(id),
    'approvals.approve': ({ id, note }) => approvals.approve(id, note),
    'approvals.reject': ({ id, reason }) => approvals.reject(id, reason),
    'approvals.withdraw': ({ id }) => approvals.withdraw(id),
    'approvals.rules': async () => ok(await approvals.rules.view()),
    'approvals.setRules': ({ rules }) => approvals.rules.set(rules),
  };
}

/** cards.create as the window reaches it: refused when the card needs approval, else issued. */
export function guardedCreateCard(approvals: ApprovalsService, createCard: CreateCard): CreateCard {
  return async (request, options) =>
    (await approvals.refusal({ operation: 'cards.create', input: request })) ?? createCard(request, options);
}

/** accounts.create as the window reaches it: refused when the account needs approval, else opened. */
export function guardedCreateAccount(approvals: ApprovalsService, createAccount: CreateAccount): CreateAccount {
  return async (request, options) =>
    (await approvals.refusal({ operation: 'accounts.create', input: request })) ?? createAccount(request, options);
}

/** bulkIssue.start as the window reaches it: refused when the batch needs approval, else started. */
export function guardedBatchStart(
  approvals: ApprovalsService,
  start: Handler<'bulkIssue.start'>,
): Handler<'bulkIssue.start'> {
  return async (input, ctx) =>
    (await approvals.refusal({ operation: 'bulkIssue', input: { batchId: input.batchId } })) ?? start(input, ctx);
}
