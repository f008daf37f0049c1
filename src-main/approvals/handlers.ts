// Every approvals.* channel. A write channel that may need approval declares it in the contract; the
// dispatcher asks `ApprovalsService.refusal` before its handler (core gives it as a guard).
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
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
