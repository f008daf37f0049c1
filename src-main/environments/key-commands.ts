// The keys of the user's environments as the operator handles them: save (verified against the
// environment's address first), check and delete. Each touches the keychain and settings.json; when the
// second step fails the first is undone, so the two never disagree.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import type { EnvironmentKeys, Undo } from './environment-keys';
import { type Environments, isLocal, notFound } from './environments';
import type { KeyVerdict } from './key-verification';
import { errorMessage } from '../errors/error-message';

export const KEYCHAIN_NOTICE =
  'The system keychain could not be used, so API keys cannot be saved or read. Start or unlock your keyring (GNOME Keyring, KWallet), or install libsecret.';

export interface SetKeyInput {
  environmentId: string;
  key: string;
  allowUnverified?: boolean;
}

export interface KeyCommandDeps {
  environments: Environments;
  keys: EnvironmentKeys;
  logger: Logger;
  /** Whether each environment has a key for its address, as last seen (shared with the environment views). */
  keyPresent: Map<string, boolean>;
  /** Checks `key` against the environment's address (as stored when the key was entered). */
  verify: (env: { id: string; baseUrl: string }, key: string, signal?: AbortSignal) => Promise<KeyVerdict>;
  notices: { add(text: string): void; remove(text: string): void };
  /** An environment's key was saved or deleted. */
  keyChanged: (environmentId: string) => void;
}

export function keyCommands(deps: KeyCommandDeps) {
  const { environments, keys, logger, keyPresent } = deps;
  const stored = (id: string) => environments.get(id);

  async function refreshKeyPresence(id: string): Promise<void> {
    const env = stored(id);
    if (isLocal(id) || !env) return;
    try {
      keyPresent.set(id, (await keys.get(env)) !== null);
      keychainWorks();
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      logger.warn({ problem: error.problem, detail: error.detail }, 'keychain unavailable');
      deps.notices.add(KEYCHAIN_NOTICE);
    }
  }

  function keychainWorks(): void {
    deps.notices.remove(KEYCHAIN_NOTICE);
  }
  function keychainFailure(error: unknown): Result<never> {
    if (error instanceof KeychainUnavailableError) {
      logger.warn({ problem: error.problem, detail: error.detail }, 'keychain unavailable');
      deps.notices.add(KEYCHAIN_NOTICE);
      return error.toErr();
    }
    throw error;
  }

  /** Undoes a keychain change after the settings could not follow it; if even that fails, says so. */
  async function undoKey(undo: Undo, environmentId: string): Promise<void> {
    try {
      await undo();
    } catch (error) {
      logger.error({ environmentId, err: errorMessage(error) }, 'undoing a keychain change failed');
      deps.notices.add(
        'Card Desk could not save its settings and could not put the API key back as it was. Check the key in Settings.',
      );
    }
  }

  const localHasNoKey = () =>
    err('validation', 'The local sandbox uses a key Card Desk generates each time it starts; it takes no API key.', {
      field: 'environmentId',
    });

  async function setKey(input: SetKeyInput, signal?: AbortSignal): Promise<Result<{ verified: boolean }>> {
    if (isLocal(input.environmentId)) return localHasNoKey();
    const env = stored(input.environmentId);
    if (!env) return notFound(input.environmentId);
    const key = input.key.trim();
    if (key.length < 8) return err('validation', 'key must be at least 8 characters', { field: 'key' });

    const verdict = await deps.verify({ id: env.id, baseUrl: env.baseUrl }, key, signal);
    if (verdict.verdict === 'rejected') {
      return err('unauthorized', `The service did not accept this key: ${verdict.error.message}`, {
        field: 'key',
        ...(verdict.error.status ? { status: verdict.error.status } : {}),
      });
    }
    if (verdict.verdict === 'unverifiable') {
      if (verdict.error.kind === 'cancelled') return err('cancelled', verdict.error.message);
      if (!input.allowUnverified) {
        const reachable = verdict.error.kind !== 'network' && verdict.error.kind !== 'timeout';
        return err(
          reachable ? verdict.error.kind : 'network',
          `The key could not be verified: ${verdict.error.message} Save it without verifying only if you are sure it is right.`,
          {
            field: 'key',
            ...(verdict.error.retryAfterMs !== undefined ? { retryAfterMs: verdict.error.retryAfterMs } : {}),
          },
        );
      }
    }
    // The key was checked against this address: if the environment moved meanwhile, it is not saved.
    if (stored(env.id)?.baseUrl !== env.baseUrl) {
      return err(
        'conflict',
        "The environment's address changed while its key was being checked. Enter the key again.",
        {
          field: 'key',
        },
      );
    }
    const verified = verdict.verdict === 'valid';
    let undo: Undo;
    try {
      undo = await keys.set(env, key);
      keychainWorks();
    } catch (error) {
      return keychainFailure(error);
    }
    const recorded = await environments.setKeyVerified(env.id, verified);
    if (!recorded.ok) {
      await undoKey(undo, env.id);
      return recorded;
    }
    keyPresent.set(env.id, true);
    logger.info({ environmentId: env.id, verified }, 'API key saved to the keychain');
    deps.keyChanged(env.id);
    return ok({ verified });
  }

  async function hasKey(environmentId: string): Promise<Result<{ present: boolean; verified: boolean | null }>> {
    if (isLocal(environmentId)) return ok({ present: true, verified: true });
    const env = stored(environmentId);
    if (!env) return notFound(environmentId);
    let present: boolean;
    try {
      present = (await keys.get(env)) !== null;
      keychainWorks();
    } catch (error) {
      return keychainFailure(error);
    }
    keyPresent.set(environmentId, present);
    return ok({ present, verified: present ? (env.keyVerified ?? true) : null });
  }

  async function deleteKey(environmentId: string): Promise<Result<{ deleted: boolean }>> {
    if (isLocal(environmentId)) return localHasNoKey();
    const env = stored(environmentId);
    if (!env) return notFound(environmentId);
    let deleted: { deleted: boolean; undo: Undo };
    try {
      deleted = await keys.delete(env);
      keychainWorks();
    } catch (error) {
      return keychainFailure(error);
    }
    const recorded = await environments.setKeyVerified(environmentId, null);
    if (!recorded.ok) {
      await undoKey(deleted.undo, environmentId);
      return recorded;
    }
    keyPresent.set(environmentId, false);
    logger.info({ environmentId }, 'API key deleted from the keychain');
    deps.keyChanged(environmentId);
    return ok({ deleted: deleted.deleted });
  }

  return { refreshKeyPresence, keychainFailure, undoKey, setKey, hasKey, deleteKey };
}
