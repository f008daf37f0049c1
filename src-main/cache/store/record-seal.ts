// The customer cache's encryption at rest. Records (record-codec.ts), in groups (sealed-groups.ts), and
// shared strings are sealed with AES-256-GCM (node:crypto) under the environment's data key: a fresh random
// 96-bit IV per value (drawn from the system's random source in batches), stored with it, and the 128-bit
// tag, so a changed byte is found rather than read. A group's additional data is the ids of the customers
// whose records it holds, so a group is bound to them. Identity (BVN/NIN) numbers
// are stored only as a blind index: HMAC-SHA-256 under a second key over the normalised number, of which
// the first 8 bytes are kept (exact lookups stay one index seek; a false match between two numbers has a
// chance of 2^-64 per pair). Both keys live in the OS keychain (cache-keys.ts) and in memory only.
//
// The HMAC is @noble/hashes' (audited, the same RFC 2104 HMAC as node:crypto's, tested equal): its keyed
// state is set up once and copied for each number into one reused state and output, where node:crypto's
// createHmac sets up a native HMAC and allocates its digest for every one of a sync's million customers
// (the two compared: docs/cache-design.md).
import {
  type KeyObject,
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  randomBytes,
} from 'node:crypto';
import { freeBytes } from './freed-bytes';
import { type _HMAC, hmac } from '@noble/hashes/hmac.js';
import { type _SHA256, sha256 } from '@noble/hashes/sha2.js';
import { CacheUnreadableError } from './cache-errors';

/** The two 256-bit keys of one environment's cache. */
export interface CacheKeys {
  /** AES-256-GCM key of the records and shared strings. */
  data: Uint8Array;
  /** HMAC-SHA-256 key of the identity numbers' blind index. */
  index: Uint8Array;
}

export const KEY_BYTES = 32;
const IV_BYTES = 12;
/** IVs drawn from the system's random source at once (one call per this many sealed values, not one each). */
const IV_POOL = 4096;
const TAG_BYTES = 16;
/** Bytes of the HMAC kept as the blind index. */
export const BLIND_INDEX_BYTES = 8;
/** The additional data of shared strings. */
const STRINGS_AAD = Buffer.from('customer_strings');
/** What starts the additional data of a group of records, before the ids of its customers (sealed-groups.ts). */
const GROUP_AAD = Buffer.from('customer_records\0');
/** The additional data of a group whose ids are sealed inside it, its plain text compressed (sealed-groups.ts). */
const PACKED_GROUP_AAD = Buffer.from('customer_records deflated\0');

type Hmac = _HMAC<_SHA256>;

/** Two new random keys. */
export function newCacheKeys(): CacheKeys {
  return { data: randomBytes(KEY_BYTES), index: randomBytes(KEY_BYTES) };
}

/** A value sealed under another key, or changed on disk: the file is damaged (set aside and rebuilt). */
export class SealBrokenError extends CacheUnreadableError {
  override name = 'SealBrokenError';
}

/** Already normal: ASCII digits and capitals only, as nearly every identity number comes. */
const NORMAL = /^[0-9A-Z]*$/;

/** An identity number as it is looked up: its digits and letters only, upper-cased (`2212 345 6789` = `22123456789`). */
export function normaliseIdentity(number: string): string {
  if (NORMAL.test(number)) return number;
  return number
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toUpperCase();
}

export class RecordSeal {
  /** KeyObjects: a raw key given to each call costs Node several times the cipher's own work. */
  private readonly data: KeyObject;
  /** The HMAC keyed with the index key, before any number: copied into `indexing` for each number. */
  private readonly indexKeyed: Hmac;
  private indexing: Hmac | undefined;
  private readonly indexOut = new Uint8Array(sha256.outputLen);
  private readonly keysHash: string;
  private ivs = Buffer.alloc(0);
  private ivAt = 0;

  constructor(keys: CacheKeys) {
    if (keys.data.byteLength !== KEY_BYTES || keys.index.byteLength !== KEY_BYTES) {
      throw new RangeError(`The cache's keys must be ${KEY_BYTES} bytes each.`);
    }
    this.data = createSecretKey(keys.data);
    this.indexKeyed = hmac.create(sha256, keys.index) as Hmac;
    this.keysHash = createHash('sha256')
      .update('card-desk customer cache keys\0')
      .update(keys.data)
      .update(keys.index)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * Names the pair of keys without revealing them (stored in the file's meta table): a file written under
   * other keys is known at opening, not at the first record that fails to open.
   */
  keyId(): string {
    return this.keysHash;
  }

  /** Several customers' records in one message, bound to their ids (`ids`: sealed-groups.ts's id list). */
  sealGroup(plain: Uint8Array, ids: Uint8Array): Uint8Array {
    return this.seal(plain, Buffer.concat([GROUP_AAD, ids]));
  }
  openGroup(sealed: Uint8Array, ids: Uint8Array): Buffer {
    return this.openBytes(sealed, Buffer.concat([GROUP_AAD, ids]));
  }

  /** Several customers' records and their ids in one message, compressed (sealed-groups.ts). */
  sealPackedGroup(packed: Uint8Array): Uint8Array {
    return this.seal(packed, PACKED_GROUP_AAD);
  }
  openPackedGroup(sealed: Uint8Array): Buffer {
    return this.openBytes(sealed, PACKED_GROUP_AAD);
  }

  sealString(text: string): Uint8Array {
    return this.seal(text, STRINGS_AAD);
  }
  openString(sealed: Uint8Array): string {
    return this.open(sealed, STRINGS_AAD);
  }

  /** The blind index of an identity number (normalised first); null for none. */
  blindIndex(number: string | null): Uint8Array | null {
    if (number === null) return null;
    const normal = normaliseIdentity(number);
    if (normal === '') return null;
    const h = (this.indexing = this.indexKeyed._cloneInto(this.indexing));
    h.update(Buffer.from(normal, 'utf8'));
    h.digestInto(this.indexOut); // also wipes `indexing`'s state of this number
    return this.indexOut.slice(0, BLIND_INDEX_BYTES);
  }

  /** IV ‖ ciphertext ‖ tag. */
  private seal(text: string | Uint8Array, aad: Buffer): Uint8Array {
    const iv = this.nextIv();
    const cipher = createCipheriv('aes-256-gcm', this.data, iv);
    cipher.setAAD(aad);
    const body = typeof text === 'string' ? cipher.update(text, 'utf8') : cipher.update(text);
    cipher.final(); // GCM: nothing is held back
    const sealed = Buffer.allocUnsafe(IV_BYTES + body.length + TAG_BYTES);
    iv.copy(sealed, 0);
    body.copy(sealed, IV_BYTES);
    cipher.getAuthTag().copy(sealed, IV_BYTES + body.length);
    freeBytes(body); // copied: a sync seals thousands of groups
    return sealed;
  }

  /** A random IV, never handed out twice (each comes from its own place in a pool drawn from the system's random source). */
  private nextIv(): Buffer {
    if (this.ivAt + IV_BYTES > this.ivs.length) {
      this.ivs = randomBytes(IV_BYTES * IV_POOL);
      this.ivAt = 0;
    }
    const iv = this.ivs.subarray(this.ivAt, this.ivAt + IV_BYTES);
    this.ivAt += IV_BYTES;
    return iv;
  }

  private open(sealed: Uint8Array, aad: Buffer): string {
    return this.openBytes(sealed, aad).toString('utf8');
  }

  private openBytes(sealed: Uint8Array, aad: Buffer): Buffer {
    if (sealed.byteLength < IV_BYTES + TAG_BYTES) throw new SealBrokenError('A sealed value is too short.');
    const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.data, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(aad);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const body = decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES));
      decipher.final();
      return body;
    } catch {
      throw new SealBrokenError('A cached record does not open with this data key.');
    }
  }
}
