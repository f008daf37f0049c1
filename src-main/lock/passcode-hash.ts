// The unlock passcode as it is kept: an scrypt hash with its own salt and parameters, never the passcode.
// New hashes use N = 2^17, r = 8, p = 1 (OWASP's Password Storage Cheat Sheet, 2025): about 128 MiB and a
// few tenths of a second per try. A hash made with the earlier N = 2^14 still unlocks, and is replaced by
// one at the current cost at the next unlock (needsRehash).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keylen: 32 } as const;
/** The costs a stored hash may name: what Card Desk has ever written (a larger N could exhaust memory). */
const KNOWN_N = new Set([2 ** 14, 2 ** 15, 2 ** 16, 2 ** 17]);

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function scryptHash(passcode: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    // scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is below N = 2^17.
    scrypt(passcode.normalize('NFC'), salt, SCRYPT_PARAMS.keylen, { N, r, p, maxmem: 256 * N * r }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64), or null when the text is not a hash Card Desk wrote. */
export function parseStoredHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (!KNOWN_N.has(N) || r !== 8 || p !== 1 || salt.length < 16 || hash.length !== SCRYPT_PARAMS.keylen) return null;
  return { N, r, p, salt, hash };
}

export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptHash(passcode, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether `passcode` is the one `stored` was made from (compared in constant time). */
export async function passcodeMatches(passcode: string, stored: StoredHash): Promise<boolean> {
  const got = await scryptHash(passcode, stored.salt, stored);
  return got.length === stored.hash.length && timingSafeEqual(got, stored.hash);
}

/** A hash made at a lower cost than today's, to be replaced after the next unlock. */
export const needsRehash = (stored: StoredHash): boolean => stored.N < SCRYPT_PARAMS.N;
