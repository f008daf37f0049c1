// Whether a cache file was written under the keys this computer's keychain holds (record-seal.ts): the
// file's meta table names its keys (`key_id`, a hash, never the keys). A file written under other keys
// (the keychain was reset, or the data folder came from another computer) cannot be read, and a file from
// before records were sealed (migration 8 marks it `plain_records`) holds identity data in plain form:
// either is deleted and the cache rebuilt from the service, never read; so is a file whose records an earlier
// Card Desk bound to their rows by a 32-bit check and completed from the readable columns (migration 11 marks
// it `unbound_records`).
import type { DatabaseSync } from 'node:sqlite';
import type { RecordSeal } from './record-seal';

export type KeyCheck = 'ok' | 'plain' | 'unbound' | 'other-keys';

const metaValue = (db: DatabaseSync, key: string): unknown =>
  db.prepare('SELECT value FROM meta WHERE key = ?').get(key)?.value ?? null;

/** Checks the file's keys; a file that holds nothing yet is given these. */
export function checkKeys(db: DatabaseSync, seal: RecordSeal): KeyCheck {
  if (metaValue(db, 'plain_records') !== null) return 'plain';
  if (metaValue(db, 'unbound_records') !== null) return 'unbound';
  const stored = metaValue(db, 'key_id');
  if (stored === seal.keyId()) return 'ok';
  if (stored !== null) return 'other-keys';
  const holdsAnything =
    db.prepare('SELECT 1 AS one FROM customers LIMIT 1').get() !== undefined ||
    db.prepare('SELECT 1 AS one FROM customer_strings LIMIT 1').get() !== undefined;
  if (holdsAnything) return 'other-keys';
  db.prepare("INSERT INTO meta (key, value) VALUES ('key_id', ?)").run(seal.keyId());
  return 'ok';
}

const NOTICES: Record<Exclude<KeyCheck, 'ok'>, string> = {
  plain:
    "The customer cache was written by an earlier Card Desk, which kept customers' records unencrypted. It was deleted and is being rebuilt, encrypted, from the service.",
  unbound:
    "The customer cache was written by an earlier Card Desk, whose records took a customer's email, phone and KYC state from columns that could be changed without the key. It was deleted and is being rebuilt from the service.",
  'other-keys':
    "The customer cache's data key is not in this computer's keychain (the keychain was reset, or the data folder came from another computer), so its records could not be read. It was deleted and is being rebuilt from the service.",
};

export function keyCheckNotice(check: Exclude<KeyCheck, 'ok'>): string {
  return NOTICES[check];
}
