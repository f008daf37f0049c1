// The desk's own Ed25519 key, which signs the journal's CSV exports (export-chain.ts). Its private half lives
// only in the OS keychain (journal-keys.ts: `… export-key`, PKCS#8), made at first use and read once per
// session; the public half travels in every exported row. Its fingerprint, the SHA-256 of the raw 32-byte
// public key in hex, is what Settings → About shows for IT to register, and what `npm run journal:verify --
// FILE.csv --key FINGERPRINT` checks a file against: a file re-signed with any other key names that key.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { errorMessage } from '../errors/error-message';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';

export interface ExportKey {
  /** SHA-256 of the raw public key, 64 hex digits. */
  fingerprint: string;
  /** The raw 32-byte public key, hex. */
  publicKey: string;
  /** An Ed25519 signature of `message` (UTF-8), hex. */
  sign(message: string): string;
}

export interface ExportSigner {
  /** The desk's key, made and saved in the keychain at first use. Throws KeychainUnavailableError. */
  key(): Promise<ExportKey>;
}

const rawPublicKey = (key: KeyObject): Buffer =>
  Buffer.from((key.export({ format: 'jwk' }) as { x: string }).x, 'base64url');

/** The fingerprint of a raw public key given in hex. */
export const keyFingerprint = (publicKeyHex: string): string =>
  createHash('sha256').update(Buffer.from(publicKeyHex, 'hex')).digest('hex');

/** A fingerprint as a person reads it out: groups of four hex digits. */
export const groupedFingerprint = (fingerprint: string): string => fingerprint.match(/.{1,4}/g)!.join(' ');

/** A fingerprint typed with spaces or colons, in any case, as 64 hex digits; null when it is not one. */
export function normalizedFingerprint(text: string): string | null {
  const hex = text.replace(/[\s:]/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}

/** Whether `signatureHex` is an Ed25519 signature of `message` by the raw public key `publicKeyHex`. */
export function verifySignature(publicKeyHex: string, message: string, signatureHex: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(publicKeyHex) || !/^[0-9a-f]{128}$/.test(signatureHex)) return false;
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyHex, 'hex').toString('base64url') },
    format: 'jwk',
  });
  return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signatureHex, 'hex'));
}

function privateKeyFrom(stored: string | null): KeyObject | null {
  if (stored === null) return null;
  try {
    const key = createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

function exportKeyOf(privateKey: KeyObject): ExportKey {
  const publicKey = rawPublicKey(createPublicKey(privateKey)).toString('hex');
  return {
    fingerprint: keyFingerprint(publicKey),
    publicKey,
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('hex'),
  };
}

/** The desk's signer over the keychain account `account`; the key is read once, then held in memory. */
export function exportSigner(store: SecretStore, account: string, logger?: Logger): ExportSigner {
  let loaded: Promise<ExportKey> | null = null;
  const load = async (): Promise<ExportKey> => {
    const stored = await store.get(account);
    const found = privateKeyFrom(stored);
    if (found) return exportKeyOf(found);
    if (stored !== null)
      logger?.warn({ account }, "the keychain entry of the desk's export key is not an Ed25519 key; a new key is made");
    const { privateKey } = generateKeyPairSync('ed25519');
    await store.set(account, privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
    const made = exportKeyOf(privateKey);
    logger?.info({ fingerprint: made.fingerprint }, "the desk's export signing key was made");
    return made;
  };
  return {
    key() {
      // A failure is not kept: the next export tries the keychain again.
      loaded ??= load().catch((e: unknown) => {
        loaded = null;
        logger?.warn({ error: errorMessage(e) }, "the desk's export key could not be read from the keychain");
        throw e;
      });
      return loaded;
    },
  };
}
