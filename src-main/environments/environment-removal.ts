// Deleting an environment: every key it had (at each of its addresses) leaves the keychain first; if the
// settings then cannot be written, the keys are put back, so a failure leaves both as they were. Once
// nothing uses its folder any more, its caches (customer data) are removed.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import type { EnvironmentKeys, Undo } from './environment-keys';
import { isLocal, type Environments } from './environments';
import type { keyCommands } from './key-commands';
import { managedRefusal } from './managed-environments';

export interface RemovalDeps {
  dataDir: string;
  environments: Environments;
  keys: EnvironmentKeys;
  commands: Pick<ReturnType<typeof keyCommands>, 'keychainFailure' | 'undoKey'>;
  logger: Logger;
}

/** `removed` lets the manager forget the environment's client and tell the stores (before its folder goes). */
export async function removeEnvironment(
  id: string,
  deps: RemovalDeps,
  removed: (wasActive: boolean) => Promise<void>,
): Promise<Result<{ deleted: boolean }>> {
  const { environments, logger } = deps;
  if (isLocal(id)) return err('validation', 'The local sandbox is built in and cannot be deleted.', { field: 'id' });
  const env = environments.get(id);
  if (!env) return ok({ deleted: false });
  if (env.managed) return managedRefusal(env)!;
  let undoKeyDelete: Undo;
  try {
    // A failed delete leaves the keys and the environment as they were.
    undoKeyDelete = (await deps.keys.deleteAll(env.id)).undo;
  } catch (error) {
    const failed = deps.commands.keychainFailure(error);
    if (failed.ok) return failed;
    return err(failed.error.kind, `${failed.error.message} The environment and its API keys are kept.`);
  }
  const result = await environments.remove(id);
  if (!result.ok) {
    await deps.commands.undoKey(undoKeyDelete, id);
    return result;
  }
  await removed(result.data.wasActive);
  await rm(join(deps.dataDir, 'environments', id), { recursive: true, force: true }).catch((error: unknown) =>
    logger.warn({ environmentId: id, err: errorMessage(error) }, 'removing environment folder failed'),
  );
  logger.info({ environmentId: id }, 'environment deleted');
  return ok({ deleted: true });
}
