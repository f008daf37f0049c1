// policy.get: what the organisation's policy fixes, so the pages can show those settings as locked.
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { Policy } from './policy';

export function policyHandlers(policy: Policy): HandlersFor<'policy.get'> {
  return {
    'policy.get': async () =>
      ok({
        file: policy.file,
        allowUserEnvironments: policy.allowUserEnvironments,
        allowLocalSandbox: policy.allowLocalSandbox,
        syncScheduleMinutes: policy.syncScheduleMinutes ?? null,
        fullSweepHours: policy.fullSweepHours ?? null,
      }),
  };
}
