// `npm run release:sign -- --key FILE`, as a release is signed: every file the release's latest*.yml name
// gets a `<file>.sig` that the app accepts (with the keys it is built with) for that file and version; a
// key the app is not built with, or a feed file naming a file that is not there, stops it, saying which.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { releaseProblem } from '../../../src-main/updates/release-signature';
import { runChild, tsxCommand } from '../support/child-process';
import { latestLinuxYml } from '../../support/feed-server';
import { releaseKey } from '../../support/release-keys';

const CLI = fileURLToPath(new URL('../../../src-main/updates/release-sign-cli.ts', import.meta.url));
const publisher = releaseKey();
const next = releaseKey();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-release-sign-'));
  mkdirSync(join(dir, 'release'));
  mkdirSync(join(dir, 'keys'));
  writeFileSync(join(dir, 'keys', 'current.pem'), publisher.pem);
  writeFileSync(join(dir, 'keys', 'next.pem'), next.pem);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sign(key: typeof publisher) {
  const keyFile = join(dir, 'release.key');
  writeFileSync(keyFile, key.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return runChild(
    tsxCommand(CLI, '--key', keyFile, '--dir', join(dir, 'release'), '--keys', join(dir, 'keys')),
    process.env,
  );
}

it('signs every file the feed files name, and the app accepts each for its version', async () => {
  const body = Buffer.from('the 0.3.0 package');
  writeFileSync(join(dir, 'release', 'card-desk_0.3.0_amd64.deb'), body);
  writeFileSync(join(dir, 'release', 'latest-linux.yml'), latestLinuxYml({ version: '0.3.0', body }));
  // The next key signs as well: releases can move to it before it becomes the current one.
  const run = await sign(next);
  expect(run).toMatchObject({
    code: 0,
    stdout: 'signed card-desk_0.3.0_amd64.deb (0.3.0): card-desk_0.3.0_amd64.deb.sig\n',
  });
  const problem = await releaseProblem({
    path: join(dir, 'release', 'card-desk_0.3.0_amd64.deb'),
    name: 'card-desk_0.3.0_amd64.deb',
    version: '0.3.0',
    signatureText: readFileSync(join(dir, 'release', 'card-desk_0.3.0_amd64.deb.sig'), 'utf8'),
    keys: [publisher.publicKey, next.publicKey],
  });
  expect(problem).toBeNull();
});

it('refuses a key the app is not built with, and a feed file naming a file that is not there', async () => {
  const body = Buffer.from('the 0.3.0 package');
  writeFileSync(join(dir, 'release', 'latest-linux.yml'), latestLinuxYml({ version: '0.3.0', body }));
  const missing = await sign(publisher);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('latest-linux.yml names card-desk_0.3.0_amd64.deb, which is not in');

  writeFileSync(join(dir, 'release', 'card-desk_0.3.0_amd64.deb'), body);
  const stranger = releaseKey();
  const refused = await sign(stranger);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    `release:sign: the key ${stranger.fingerprint} is not one of the keys Card Desk is built with ` +
      `(${publisher.fingerprint}, ${next.fingerprint}): every desk would discard what it signs\n`,
  );
});
