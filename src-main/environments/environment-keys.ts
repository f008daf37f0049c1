// API keys in the system keychain, each filed under its environment AND the address (origin: scheme,
// host and port) it was entered for, so a key never follows an environment to a new address. Every
// change can be undone: `set` and `delete` hand back how to put the previous key back.
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import type { SecretStore } from '../keychain/secret-store';

/** What a key belongs to. */
export interface KeyOwner {
  id: string;
  baseUrl: string;
  /** Whether a key was verified at this address (a key from before keys were per address is trusted only then). */
  keyVerified?: boolean | null;
}

/** Puts the keychain back as it was before a change. */
export type Undo = () => Promise<void>;

/** `https://api.example.com:443/v1` → `https://api.example.com` (the port shown only when not the scheme's own). */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/** The keychain account of an environment's key at its address. */
export const keyAccount = (owner: KeyOwner): string => `${owner.id} ${originOf(owner.baseUrl)}`;

export interface EnvironmentKeys {
  /** The key for this environment at this address, or null. Throws KeychainUnavailableError. */
  get(owner: KeyOwner): Promise<string | null>;
  /** Saves the key; the undo restores the key that was there before (or removes the new one). */
  set(owner: KeyOwner, key: string): Promise<Undo>;
  /** Removes the key; the undo puts it back. A failure leaves the key where it was. */
  delete(owner: KeyOwner): Promise<{ deleted: boolean; undo: Undo }>;
  /**
   * Removes every key of the environment: at each address it ever had and from before keys were filed
   * per address. All or nothing: when one delete fails, the keys already removed are put back and the
   * failure is thrown; the undo puts them all back.
   */
  deleteAll(environmentId: string): Promise<{ deleted: number; undo: Undo }>;
}

/** Whether a keychain account holds a key of this environment (at any address, or the bare id). */
export const isAccountOf = (environmentId: string, account: string): boolean =>
  account === environmentId || account.startsWith(`${environmentId} `);

export function createEnvironmentKeys(store: SecretStore, logger: Logger): EnvironmentKeys {
  /**
   * A key saved before keys were filed per address sits under the bare environment id. It is adopted for
   * the environment's address only when it was verified there (moving an environment marks its key
   * unverified), and then moved to its per-address account.
   */
  async function adoptLegacy(owner: KeyOwner): Promise<string | null> {
    if (owner.keyVerified !== true) return null;
    const legacy = await store.get(owner.id);
    if (legacy === null) return null;
    await store.set(keyAccount(owner), legacy);
    await store.delete(owner.id);
    logger.info({ environmentId: owner.id }, 'API key filed under its address');
    return legacy;
  }

  async function get(owner: KeyOwner): Promise<string | null> {
    return (await store.get(keyAccount(owner))) ?? (await adoptLegacy(owner));
  }

  const restore =
    (account: string, previous: string | null): Undo =>
    async () => {
      if (previous === null) await store.delete(account);
      else await store.set(account, previous);
    };

  return {
    get,
    async set(owner, key) {
      const account = keyAccount(owner);
      const previous = await store.get(account);
      await store.set(account, key);
      return restore(account, previous);
    },
    async delete(owner) {
      const account = keyAccount(owner);
      const previous = await get(owner);
      const deleted = previous !== null && (await store.delete(account));
      return { deleted, undo: restore(account, previous) };
    },
    async deleteAll(environmentId) {
      const accounts = (await store.accounts()).filter((a) => isAccountOf(environmentId, a));
      const undos: Undo[] = [];
      const undo: Undo = async () => {
        for (const u of undos.reverse()) await u();
      };
      try {
        for (const account of accounts) {
          const previous = await store.get(account);
          if (previous === null) continue;
          await store.delete(account);
          undos.push(restore(account, previous));
        }
      } catch (error) {
        await undo().catch((undoError: unknown) =>
          logger.error({ environmentId, err: errorMessage(undoError) }, 'a removed API key could not be put back'),
        );
        throw error;
      }
      return { deleted: undos.length, undo };
    },
  };
}
