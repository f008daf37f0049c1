// Signing a release folder (electron-builder's `release/`): every file a feed file (latest*.yml) names is
// signed with the publisher's Ed25519 key, its `<file>.sig` written beside it (release-signature.ts), for
// the version that feed file names. A key whose public half is not one of the keys the app is built with
// (build/update-keys) is refused: every desk would discard what it signed.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyFingerprint, sha512OfFile, signatureText, updateKeyFromPem } from './release-signature';

/** The public keys in a folder of `*.pem` files (build/update-keys), by file name. */
export function readUpdateKeys(folder: string): { name: string; key: KeyObject }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.pem'))
    .sort()
    .map((name) => ({ name, key: updateKeyFromPem(readFileSync(join(folder, name), 'utf8')) }));
}

/** The files a feed file names (`files: - url:` and `path:`), with the version it names. */
export function feedFileEntries(yml: string): { version: string; files: string[] } {
  const unquote = (s: string) => s.trim().replace(/^(['"])(.*)\1$/, '$2');
  const version = /^version:(.*)$/m.exec(yml)?.[1];
  if (!version) throw new Error('the feed file names no version');
  const files = [...yml.matchAll(/^\s*-\s*url:(.*)$/gm), ...yml.matchAll(/^path:(.*)$/gm)].map((m) => unquote(m[1]!));
  return { version: unquote(version), files: [...new Set(files)] };
}

export interface SignedFile {
  file: string;
  version: string;
}

/** Signs every file the folder's latest*.yml name; returns them. Throws naming a missing file or a wrong key. */
export async function signReleaseFolder(options: {
  folder: string;
  privateKeyPem: string;
  /** The public keys the app is built with. */
  keys: readonly KeyObject[];
}): Promise<SignedFile[]> {
  const privateKey = createPrivateKey(options.privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`the release key must be Ed25519, not ${privateKey.asymmetricKeyType}`);
  const fingerprint = keyFingerprint(createPublicKey(privateKey));
  if (!options.keys.some((k) => keyFingerprint(k) === fingerprint))
    throw new Error(
      `the key ${fingerprint} is not one of the keys Card Desk is built with (${options.keys.map(keyFingerprint).join(', ')}): ` +
        'every desk would discard what it signs',
    );
  const feeds = readdirSync(options.folder).filter((name) => /^latest.*\.yml$/.test(name));
  if (feeds.length === 0) throw new Error(`${options.folder} holds no latest*.yml: build the release first`);
  const signed: SignedFile[] = [];
  for (const feed of feeds) {
    const { version, files } = feedFileEntries(readFileSync(join(options.folder, feed), 'utf8'));
    for (const file of files) {
      const path = join(options.folder, file);
      if (!existsSync(path)) throw new Error(`${feed} names ${file}, which is not in ${options.folder}`);
      const text = signatureText({ file, version, sha512: await sha512OfFile(path) }, privateKey);
      writeFileSync(`${path}.sig`, text);
      signed.push({ file, version });
    }
  }
  return signed;
}
