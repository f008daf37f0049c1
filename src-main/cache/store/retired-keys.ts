// The keys of the caches retention deleted (retention.ts) go with their files: both accounts (data and index
// key, cache-keys.ts) are removed from the keychain, so a copy of a deleted file (recovered from the disk, a
// backup) opens with no key the keychain still holds. An account that could not be removed (no usable keychain
// at start) is remembered by its name, never its key, in `<dataDir>/retired-cache-keys.json`, and removed at the
// next start; the operator is told meanwhile.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errorMessage } from '../../errors/error-message';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../ports/ports';
import { cacheAccountOf, cacheKeyAccounts } from './cache-keys';

export const RETIRED_KEYS_FILE = 'retired-cache-keys.json';

export interface RetiredKeys {
  /** Accounts removed from the keychain now. */
  removed: string[];
  /** Accounts still in the keychain (remembered for the next start), and why. */
  left: string[];
  problem: string | null;
}

/** The accounts remembered from before (none when the file is missing or unreadable). */
function remembered(file: string): string[] {
  try {
    const found = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(found) ? found.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers `accounts` (the file goes when there are none), replaced whole. */
function remember(file: string, accounts: readonly string[]): void {
  if (accounts.length === 0) {
    rmSync(file, { force: true });
    return;
  }
  writeFileSync(`${file}.tmp`, `${JSON.stringify(accounts)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Removes the keys of the caches `deletedFiles` (and any left from before) from the keychain. */
export async function forgetRetiredKeys(options: {
  store: SecretStore;
  dataDir: string;
  deletedFiles: readonly string[];
  logger?: Logger;
}): Promise<RetiredKeys> {
  const { store, dataDir, logger } = options;
  const file = join(dataDir, RETIRED_KEYS_FILE);
  const accounts = new Set(remembered(file));
  for (const deleted of options.deletedFiles) {
    const { data, index } = cacheKeyAccounts(cacheAccountOf(dataDir, dirname(deleted)));
    accounts.add(data).add(index);
  }
  if (accounts.size === 0) return { removed: [], left: [], problem: null };
  // Written first: should Card Desk stop half-way, the next start still knows which keys to remove.
  remember(file, [...accounts]);
  const removed: string[] = [];
  const left: string[] = [];
  let problem: string | null = null;
  for (const account of accounts) {
    try {
      await store.delete(account);
      removed.push(account);
    } catch (e) {
      left.push(account);
      problem ??= errorMessage(e);
    }
  }
  remember(file, left);
  if (left.length > 0)
    logger?.warn({ left: left.length, error: problem }, 'keys of retired caches left in the keychain');
  else if (removed.length > 0) logger?.info({ removed: removed.length }, 'keys of retired caches removed');
  return { removed, left, problem };
}

export function retiredKeysNotice(left: number, problem: string): string {
  return `Card Desk deleted customer caches no one had opened for the retention period, but could not remove ${left} of their keys from the system keychain (${problem}). It tries again at the next start.`;
}
