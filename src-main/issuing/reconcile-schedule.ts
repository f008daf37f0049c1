// Reconciliation on its own schedule: while the journal holds a write whose outcome is unknown, Card Desk
// looks for what it may have created every so often, first in the known-cards index (local), then on the
// service (background calls, behind the operator's; each entry at most once a minute, issuing-service.ts).
// Reading the journal never starts it: a list is a read without side effects.
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import type { IssuingService } from './issuing-service';

/** How often the journal is looked at for unknown outcomes. */
export const RECONCILE_EVERY_MS = 30_000;

export interface ReconcileScheduleOptions {
  service: Pick<IssuingService, 'reconcile' | 'reconcileAccounts'>;
  /** Whether any write's outcome is unknown (cheap, local): no environment is opened while none is. */
  hasUnknownOutcomes: () => boolean;
  everyMs?: number;
  logger?: Logger;
}

export interface ReconcileSchedule {
  /** Runs a round now (after a round under way), e.g. when cards were just seen. */
  runNow(): Promise<void>;
  dispose(): void;
}

export function scheduleReconciliation(options: ReconcileScheduleOptions): ReconcileSchedule {
  const everyMs = options.everyMs ?? RECONCILE_EVERY_MS;
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  async function round(): Promise<void> {
    if (!options.hasUnknownOutcomes()) return;
    try {
      await options.service.reconcile();
      await options.service.reconcileAccounts();
    } catch (e) {
      options.logger?.warn({ error: errorMessage(e) }, 'reconciliation failed; it is tried again later');
    }
  }

  function runNow(): Promise<void> {
    running = running.then(round);
    return running;
  }

  function next(): void {
    if (disposed) return;
    timer = setTimeout(() => void runNow().finally(next), everyMs);
    timer.unref?.();
  }

  next();
  return {
    runNow,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
