// The file's own cells, kept so the results CSV can give back every row as the operator wrote it. They
// may hold identity data (a BVN/NIN, an email or a phone in the customer column, or any column the file
// adds: a date of birth, an address), so they are never on disk in plain form: each row's cells are
// sealed with AES-256-GCM (node:crypto) under a key of their own in the OS keychain (account
// `bulk-issue-input`), a fresh 96-bit IV per row and the batch id and row number as additional data, so a
// row moved to another place does not open. Without a usable keychain the key lives for the session only
// (said in the log); rows sealed under a key that is gone do not open, and the results CSV says so.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';

export const INPUT_KEY_ACCOUNT = 'bulk-issue-input';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface InputSeal {
  seal(batchId: string, row: number, cells: readonly string[]): Uint8Array;
  /** The row's cells, or null when they do not open (another key, a changed byte). */
  open(batchId: string, row: number, sealed: Uint8Array): string[] | null;
}

const aadOf = (batchId: string, row: number) => Buffer.from(`${batchId}:${row}`);

export function inputSealWith(key: Uint8Array): InputSeal {
  if (key.length !== KEY_BYTES) throw new RangeError('the input key must be 32 bytes');
  return {
    seal(batchId, row, cells) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aadOf(batchId, row));
      const body = Buffer.concat([cipher.update(JSON.stringify(cells), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]);
    },
    open(batchId, row, sealed) {
      if (sealed.length < IV_BYTES + TAG_BYTES) return null;
      const bytes = Buffer.from(sealed);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(aadOf(batchId, row));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const text = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
        const cells: unknown = JSON.parse(text);
        return Array.isArray(cells) && cells.every((c) => typeof c === 'string') ? cells : null;
      } catch {
        return null;
      }
    },
  };
}

/** The seal under the keychain's key, made and stored there the first time; a session key without a keychain. */
export async function openInputSeal(secrets: SecretStore | undefined, logger?: Logger): Promise<InputSeal> {
  if (secrets) {
    try {
      const stored = await secrets.get(INPUT_KEY_ACCOUNT);
      const key = stored ? Buffer.from(stored, 'base64') : null;
      if (key && key.length === KEY_BYTES) return inputSealWith(key);
      const fresh = randomBytes(KEY_BYTES);
      await secrets.set(INPUT_KEY_ACCOUNT, fresh.toString('base64'));
      return inputSealWith(fresh);
    } catch (e) {
      logger?.warn(
        { error: errorMessage(e) },
        "the keychain is not usable: a batch file's cells are sealed for this session only",
      );
    }
  }
  return inputSealWith(randomBytes(KEY_BYTES));
}
