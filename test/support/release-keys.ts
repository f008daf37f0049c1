// Release keys for the update tests: the publisher's key (its public half is what the app under test is
// built with) and another one, which no Card Desk knows; and the signatures `npm run release:sign` writes.
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { keyFingerprint, signatureText } from '../../src-main/updates/release-signature';
import { fileName, type FeedOffer } from './feed-server';

export interface ReleaseKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  fingerprint: string;
  /** The public key as build/update-keys holds it. */
  pem: string;
}

export function releaseKey(): ReleaseKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    publicKey,
    fingerprint: keyFingerprint(publicKey),
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The signature file for `body` offered as `version`, signed with `key` (as release:sign writes it). */
export function signatureFor(key: ReleaseKey, version: string, body: Buffer, file = fileName(version)): string {
  const sha512 = createHash('sha512').update(body).digest('hex');
  return signatureText({ file, version, sha512 }, key.privateKey);
}

/** An offer of `body` as `version`, signed with `key`. */
export function signedOffer(key: ReleaseKey, version: string, body: Buffer): FeedOffer {
  return { version, body, signature: signatureFor(key, version, body) };
}
