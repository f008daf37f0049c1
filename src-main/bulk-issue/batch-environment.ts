// A batch belongs to the environment it started in. When it starts it records that environment's address and
// the keychain entry of the key it sends with, and its run sends every row there (running-batches.ts). While a
// batch is running, paused or interrupted, Card Desk refuses to make another environment active, and to delete
// or move the batch's own, naming the batch: its cards are sent, resumed, settled and cancelled where it started,
// and from there only. A batch whose environment was moved anyway (settings edited by hand) is not resumed.
import type { ActiveEnvironment, EnvironmentSwitch } from '../environments/environment-manager';
import { keyAccount, originOf } from '../environments/environment-keys';
import { err, type Err } from '../../src-shared/ipc/result';
import type { BatchStore, StoredBatch } from './batch-store';

/** Where a batch started in `active` sends its rows; the built-in sandbox's address and key change every run. */
export function batchDestination(active: ActiveEnvironment): { origin: string | null; keyAccount: string | null } {
  const { environment } = active;
  if (environment.builtIn) return { origin: null, keyAccount: null };
  return { origin: originOf(environment.baseUrl), keyAccount: keyAccount(environment) };
}

/** Why `batch` may not be resumed in `active`: its environment now points at another address. */
export function movedRefusal(batch: StoredBatch, active: ActiveEnvironment): Err | null {
  const now = batchDestination(active);
  if (batch.origin === null || now.origin === batch.origin) return null;
  return err(
    'conflict',
    `This batch sends its cards to ${batch.origin}, where it started, and ${active.environment.name} now points at ${now.origin ?? 'another address'}. No row is sent anywhere else: cancel the batch, or point ${active.environment.name} back at ${batch.origin}.`,
  );
}

const describe = (b: StoredBatch) =>
  `the batch ${b.fileName ? `"${b.fileName}"` : b.id} (previewed ${b.createdAt.slice(0, 16).replace('T', ' ')} UTC) is ${b.state}`;

/** Why `change` is refused while a batch is open (running, paused or interrupted), naming the batch; or null. */
export function switchRefusal(
  store: BatchStore,
  change: EnvironmentSwitch,
  nameOf: (id: string) => string,
): string | null {
  const holding = store
    .open()
    .find((b) => (change.kind === 'activate' ? b.environmentId !== change.to : b.environmentId === change.id));
  if (!holding) return null;
  const where = nameOf(holding.environmentId);
  const what = `${describe(holding)} in ${where}, and a batch sends its cards only where it started`;
  const todo = `Let it finish, or cancel it, in ${where}`;
  switch (change.kind) {
    case 'activate':
      return `${nameOf(change.to)} was not made active: ${what}. ${todo} first.`;
    case 'delete':
      return `${where} was not deleted: ${what}. ${todo} first.`;
    case 'move':
      return `${where} keeps its address: ${what}. ${todo} before you change it.`;
  }
}
