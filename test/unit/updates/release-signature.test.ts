// A release file's signature (release-signature.ts): Ed25519 over a statement naming the file, its version
// and its SHA-512. A file is accepted only when a built-in key signed exactly that statement and the file is
// the one hashed; every other case names what is wrong. The statement's text is what the root step checks
// with openssl (deb-root-step.test.ts), so its form is fixed here line by line.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  keyFingerprint,
  parseSignature,
  releaseProblem,
  signatureText,
  updateKeyFromPem,
} from '../../../src-main/updates/release-signature';

const dir = mkdtempSync(join(tmpdir(), 'card-desk-release-sig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const publisher = generateKeyPairSync('ed25519');
const next = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const NAME = 'card-desk_0.2.0_amd64.deb';
const body = Buffer.from('the 0.2.0 package');
const file = join(dir, NAME);
writeFileSync(file, body);
const sha512 = createHash('sha512').update(body).digest('hex');
const keys = [publisher.publicKey, next.publicKey];
const check = (signature: string | null, overrides: { path?: string; name?: string; version?: string } = {}) =>
  releaseProblem({ path: file, name: NAME, version: '0.2.0', signatureText: signature, keys, ...overrides });

describe('a release signature', () => {
  it('is six lines naming the file, version, SHA-512 and key, signed over the first five', () => {
    const text = signatureText({ file: NAME, version: '0.2.0', sha512 }, publisher.privateKey);
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'card-desk-release-signature: 1',
      `file: ${NAME}`,
      'version: 0.2.0',
      `sha512: ${sha512}`,
      `key: ${keyFingerprint(publisher.publicKey)}`,
    ]);
    expect(lines[5]).toMatch(/^signature: [A-Za-z0-9+/]{86}==$/);
    expect(lines[6]).toBe('');
    // The fingerprint is SHA-256 of the public key's SPKI DER, as `openssl pkey -pubin -outform DER | sha256sum`.
    const der = publisher.publicKey.export({ type: 'spki', format: 'der' });
    expect(keyFingerprint(publisher.publicKey)).toBe(createHash('sha256').update(der).digest('hex'));
  });

  it('is accepted from the current key or the next, for this file and version', async () => {
    expect(await check(signatureText({ file: NAME, version: '0.2.0', sha512 }, publisher.privateKey))).toBeNull();
    expect(await check(signatureText({ file: NAME, version: '0.2.0', sha512 }, next.privateKey))).toBeNull();
  });

  it('names what is wrong: none, another key, an edited statement, another file, version or content', async () => {
    const good = signatureText({ file: NAME, version: '0.2.0', sha512 }, publisher.privateKey);
    expect(await check(null)).toEqual({ kind: 'unsigned', detail: `the feed has no ${NAME}.sig` });
    expect(await check(signatureText({ file: NAME, version: '0.2.0', sha512 }, stranger.privateKey))).toEqual({
      kind: 'unknown key',
      detail: `it is signed with the key ${keyFingerprint(stranger.publicKey)}`,
    });
    expect(await check(good.replace('version: 0.2.0', 'version: 0.2.1'))).toMatchObject({ kind: 'bad signature' });
    expect(await check(good, { name: 'card-desk_0.2.0_arm64.deb' })).toEqual({
      kind: 'other file',
      detail: `the signature is for ${NAME}, not card-desk_0.2.0_arm64.deb`,
    });
    // An older signed release passed off as a newer version.
    expect(await check(good, { version: '0.3.0' })).toEqual({
      kind: 'other file',
      detail: 'the signature is for version 0.2.0, not 0.3.0',
    });
    const swapped = join(dir, 'swapped.deb');
    writeFileSync(swapped, 'something else');
    expect(await check(good, { path: swapped })).toEqual({
      kind: 'other file',
      detail: 'the file is not the one that was signed (its SHA-512 differs)',
    });
  });

  it('refuses a file that is not as Card Desk writes it, naming the line', () => {
    const good = signatureText({ file: NAME, version: '0.2.0', sha512 }, publisher.privateKey);
    expect(parseSignature('')).toEqual({ kind: 'malformed', detail: 'it is not six lines' });
    expect(parseSignature(good.replace('card-desk-release-signature: 1', 'signature: 2'))).toEqual({
      kind: 'malformed',
      detail: 'line 1 is not "card-desk-release-signature: 1"',
    });
    expect(parseSignature(good.replace(/sha512: \w+/, 'sha512: abc'))).toEqual({
      kind: 'malformed',
      detail: 'line 4 is not a valid "sha512"',
    });
    expect(parseSignature(good.replace('file: ', 'file: ../../'))).toEqual({
      kind: 'malformed',
      detail: 'line 2 is not a valid "file"',
    });
    expect(() =>
      updateKeyFromPem(
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ),
    ).toThrow('an update key must be Ed25519, not ec');
  });
});
