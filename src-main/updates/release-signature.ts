// A release file's signature: Ed25519 (node:crypto) by the publisher's key, over a statement that names the
// file, its version and its SHA-512, so a signature can neither be moved to another file nor an old file be
// passed off as a new version. It is published beside the file as `<file>.sig`, six lines of text:
//
//   card-desk-release-signature: 1
//   file: card-desk_0.2.0_amd64.deb
//   version: 0.2.0
//   sha512: <128 hex digits>
//   key: <SHA-256 of the public key (SPKI DER), 64 hex digits>
//   signature: <base64 of the 64-byte signature over the first five lines, each ended by \n>
//
// The app checks it against the public keys built into it (build/update-keys: the current key and the
// next, for rotation); on Linux the root step (build/install-update.sh) checks the same text with
// openssl against the keys inside the installed package. `npm run release:sign` writes it.
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';

const HEADER = 'card-desk-release-signature: 1';
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+~-]{0,200}$/;
const VERSION = /^[0-9][A-Za-z0-9.+~-]{0,63}$/;

export interface ReleaseStatement {
  file: string;
  version: string;
  /** Hex. */
  sha512: string;
  /** The signing key's fingerprint (keyFingerprint). */
  key: string;
}

export interface ParsedSignature extends ReleaseStatement {
  /** The five signed lines, as bytes. */
  signed: Buffer;
  signature: Buffer;
}

/** Why a file is refused: in the log's words. */
export type SignatureProblem =
  | { kind: 'unsigned'; detail: string }
  | { kind: 'malformed'; detail: string }
  | { kind: 'unknown key'; detail: string }
  | { kind: 'bad signature'; detail: string }
  | { kind: 'other file'; detail: string };

/** A key's fingerprint: SHA-256 of its SubjectPublicKeyInfo (DER), hex; `openssl pkey -pubin -outform DER | sha256sum`. */
export function keyFingerprint(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** An Ed25519 public key from its PEM; throws naming what it is instead. */
export function updateKeyFromPem(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`an update key must be Ed25519, not ${key.asymmetricKeyType}`);
  return key;
}

function statementText(s: ReleaseStatement): string {
  return [HEADER, `file: ${s.file}`, `version: ${s.version}`, `sha512: ${s.sha512}`, `key: ${s.key}`, ''].join('\n');
}

/** The signature file's text for `statement`, signed with the Ed25519 private key. */
export function signatureText(statement: Omit<ReleaseStatement, 'key'>, privateKey: KeyObject): string {
  if (!FILE_NAME.test(statement.file))
    throw new Error(`the file name ${JSON.stringify(statement.file)} cannot be signed`);
  if (!VERSION.test(statement.version))
    throw new Error(`the version ${JSON.stringify(statement.version)} cannot be signed`);
  const signed = statementText({ ...statement, key: keyFingerprint(createPublicKey(privateKey)) });
  return `${signed}signature: ${sign(null, Buffer.from(signed), privateKey).toString('base64')}\n`;
}

/** The signature file read line by line; a problem names the first line that is not as written. */
export function parseSignature(text: string): ParsedSignature | SignatureProblem {
  const lines = text.split('\n');
  const malformed = (detail: string): SignatureProblem => ({ kind: 'malformed', detail });
  if (lines.length !== 7 || lines[6] !== '') return malformed('it is not six lines');
  if (lines[0] !== HEADER) return malformed('line 1 is not "card-desk-release-signature: 1"');
  const field = (n: number, name: string, pattern: RegExp) => {
    const match = new RegExp(`^${name}: (.*)$`).exec(lines[n - 1]!);
    return match && pattern.test(match[1]!) ? match[1]! : null;
  };
  const file = field(2, 'file', FILE_NAME);
  const version = field(3, 'version', VERSION);
  const sha512 = field(4, 'sha512', /^[0-9a-f]{128}$/);
  const key = field(5, 'key', /^[0-9a-f]{64}$/);
  const signature = field(6, 'signature', /^[A-Za-z0-9+/]{86}==$/);
  const missing = [
    [file, 2, 'file'],
    [version, 3, 'version'],
    [sha512, 4, 'sha512'],
    [key, 5, 'key'],
    [signature, 6, 'signature'],
  ].find(([value]) => value === null);
  if (missing) return malformed(`line ${String(missing[1])} is not a valid "${String(missing[2])}"`);
  return {
    file: file!,
    version: version!,
    sha512: sha512!,
    key: key!,
    signed: Buffer.from(lines.slice(0, 5).join('\n') + '\n'),
    signature: Buffer.from(signature!, 'base64'),
  };
}

export function sha512OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export interface ExpectedRelease {
  /** The downloaded file. */
  path: string;
  /** Its name on the feed. */
  name: string;
  /** The version the feed offered. */
  version: string;
  /** The signature file's text; null when the feed has none. */
  signatureText: string | null;
  /** The keys built into the app. */
  keys: readonly KeyObject[];
}

/** Null when the file is the one a built-in key signed for this name and version; else what is wrong. */
export async function releaseProblem(expected: ExpectedRelease): Promise<SignatureProblem | null> {
  if (expected.signatureText === null) return { kind: 'unsigned', detail: `the feed has no ${expected.name}.sig` };
  const parsed = parseSignature(expected.signatureText);
  if ('kind' in parsed) return parsed;
  const key = expected.keys.find((k) => keyFingerprint(k) === parsed.key);
  if (!key) return { kind: 'unknown key', detail: `it is signed with the key ${parsed.key}` };
  if (!verify(null, parsed.signed, key, parsed.signature))
    return { kind: 'bad signature', detail: `its signature does not verify with the key ${parsed.key}` };
  if (parsed.file !== expected.name)
    return { kind: 'other file', detail: `the signature is for ${parsed.file}, not ${expected.name}` };
  if (parsed.version !== expected.version)
    return { kind: 'other file', detail: `the signature is for version ${parsed.version}, not ${expected.version}` };
  if ((await sha512OfFile(expected.path)) !== parsed.sha512)
    return { kind: 'other file', detail: 'the file is not the one that was signed (its SHA-512 differs)' };
  return null;
}

/** Thrown by the update engine for a file it discarded: the update service tells the status bar. */
export class UpdateSignatureError extends Error {
  readonly code = 'ERR_UPDATE_SIGNATURE';
  constructor(
    readonly file: string,
    readonly version: string,
    readonly problem: SignatureProblem,
    readonly expectedKeys: readonly string[],
  ) {
    super(
      `update ${file} discarded: ${problem.kind}: ${problem.detail}; expected a signature by ${expectedKeys.join(' or ')}`,
    );
  }
}
