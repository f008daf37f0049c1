// What may hold the active environment in place: guards asked before another environment is made active, or
// one is deleted or moved to another address (a batch that sends only where it started: bulk-issue/). The
// first refusal is answered as a conflict and nothing changes.
import { err, type Result } from '../../src-shared/ipc/result';
import type { EnvironmentSwitch, SwitchGuard } from './environment-manager-types';

export class SwitchGuards {
  private readonly guards = new Set<SwitchGuard>();

  /** `nameOf`: an environment's name, for the guards' sentences. */
  constructor(private readonly nameOf: (id: string) => string) {}

  /** Adds a guard; returns its removal. */
  add(guard: SwitchGuard): () => void {
    this.guards.add(guard);
    return () => this.guards.delete(guard);
  }

  /** The first guard's refusal of `change`, as a conflict; null when every guard lets it be made. */
  refusal(change: EnvironmentSwitch): Result<never> | null {
    for (const guard of this.guards) {
      const refused = guard(change, this.nameOf);
      if (refused) return err('conflict', refused);
    }
    return null;
  }
}
