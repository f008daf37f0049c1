// The journal's secrets in the OS keychain (service "Card Desk"), filed by the data folder the journal lives
// in, so each journal (a second data folder on the same account, a test's own folder) has its own:
//   `#card-desk-journal <folder tag> chain-key`   the 256-bit key of the chain's HMAC-SHA-256 (journal-chain.ts)
//   `#card-desk-journal <folder tag> anchor`      the chain's head after the last commit (chain-anchor.ts)
//   `#card-desk-journal <folder tag> export-key`  the desk's Ed25519 key that signs journal exports (export-signature.ts)
// The `#` keeps them apart from environments' accounts (`<environment id> <address>`), which deleting an
// environment removes. A key is read once and held in memory; the file names the chain key by a hash only.
import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { SecretStore } from '../keychain/secret-store';

export const CHAIN_KEY_BYTES = 32;

export interface JournalAccounts {
  chainKey: string;
  anchor: string;
  exportKey: string;
}

/** The keychain accounts of the journal kept in `dataDir`. */
export function journalAccounts(dataDir: string): JournalAccounts {
  const tag = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  const prefix = `#card-desk-journal ${tag}`;
  return { chainKey: `${prefix} chain-key`, anchor: `${prefix} anchor`, exportKey: `${prefix} export-key` };
}

/** How the journal file and the anchor name a chain key: a hash of it, never the key. */
export function chainKeyId(key: Uint8Array): string {
  return createHash('sha256').update('card-desk journal chain key\n').update(key).digest('hex').slice(0, 32);
}

/** The stored chain key, or null when there is none or the entry is not a key (base64 of 32 bytes). */
export function parseChainKey(stored: string | null): Uint8Array | null {
  if (stored === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(stored)) return null;
  const bytes = Buffer.from(stored, 'base64');
  return bytes.length === CHAIN_KEY_BYTES ? new Uint8Array(bytes) : null;
}

/** The chain key in the keychain, or null (throws KeychainUnavailableError when the keychain cannot be used). */
export async function readChainKey(store: SecretStore, accounts: JournalAccounts): Promise<Uint8Array | null> {
  return parseChainKey(await store.get(accounts.chainKey));
}

/** A new chain key, saved to the keychain before it is used. */
export async function createChainKey(store: SecretStore, accounts: JournalAccounts): Promise<Uint8Array> {
  const key = new Uint8Array(randomBytes(CHAIN_KEY_BYTES));
  await store.set(accounts.chainKey, Buffer.from(key).toString('base64'));
  return key;
}
