// Every updates.* channel: what the updater is doing, and restarting into a downloaded update (refused,
// with the reason, while a write or a batch is unsettled: update-service.ts).
import { err, ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { RestartAnswer, UpdateStatus } from './update-service';

/** The updater as the renderer reaches it (the shell passes the real one once it has started it). */
export interface UpdatesPort {
  status(): UpdateStatus;
  restart(): Promise<RestartAnswer>;
}

/** `updates` gives the updater, or null while updates are off. */
export function updatesHandlers(updates: () => UpdatesPort | null): HandlersFor<'updates.status' | 'updates.restart'> {
  return {
    'updates.status': async () => ok(updates()?.status() ?? { state: 'off' }),
    'updates.restart': async () => {
      const answer = (await updates()?.restart()) ?? { restarting: false, reason: 'Updates are off.' };
      return answer.restarting ? ok({ restarting: true as const }) : err('conflict', answer.reason);
    },
  };
}
