// The journal's CSV export, signed with the desk's Ed25519 key from the keychain, through the app: a card
// issued on the local sandbox, the journal exported, its rows naming the operator and the desk key that
// Settings → About shows. `npm run journal:verify -- FILE --key FINGERPRINT` accepts the untouched file and
// rejects, naming the row or the key: a cell changed, a row removed (also the last), two rows swapped, the rows
// hashed again after an edit (as someone without the key would), and the file hashed and signed again with
// another key. A file from before signatures, and a command without the desk's fingerprint, are refused too.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExportProgress } from '../../../src-shared/ipc/channels/exports';
import type { Result } from '../../../src-shared/ipc/result';
import type { AppCore } from '../../../src-main/core/app-core';
import { FIRST_PREV_HASH, parseCsv, rowHash, signedStatement } from '../../../src-main/journal/export-chain';
import { keyFingerprint } from '../../../src-main/journal/export-signature';
import { TempFolderSavePort } from '../exports/export-fixtures';
import { testAppCore } from '../support/app-core';
import { virtualCardRequest } from '../../support/card-requests';

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

const verifyCli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src-main/journal/verify-cli.ts', ...args], { encoding: 'utf8' });

/** RFC 4180, every field quoted: how a forger writes the file back. */
const toCsv = (rows: string[][]) => rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');

let dir: string;
let core: AppCore;
let file: string;
let deskKey: string;
let header: string[];
let rows: string[][];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-journal-export-'));
  const save = new TempFolderSavePort(dir);
  save.fileName = 'journal.csv';
  const done: ExportProgress[] = [];
  core = await testAppCore(join(dir, 'data'), {
    saveFile: save,
    localSandbox: { customers: 20 },
    emit: (name, payload) => {
      if (name === 'exports.progress' && (payload as ExportProgress).phase === 'done')
        done.push(payload as ExportProgress);
    },
  });
  const ctx = { signal: new AbortController().signal };
  await core.handlers['customers.cacheStatus'](undefined, ctx); // starts the local sandbox
  const fixtures = core.localSandbox()!.fixtures;
  for (const customerId of fixtures.sampleCustomerIds.slice(0, 3))
    value(await core.handlers['cards.create'](virtualCardRequest(fixtures, { customerId }), ctx));
  value(await core.handlers['exports.start']({ source: 'journal' }, ctx));
  await vi.waitFor(() => expect(done).toHaveLength(1), { timeout: 20_000 });
  deskKey = value(await core.handlers['journal.exportFingerprint'](undefined, ctx)).fingerprint;
  file = join(dir, 'journal.csv');
  [header, ...rows] = parseCsv(readFileSync(file, 'utf8')) as [string[], ...string[][]];
});
afterAll(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const cell = (row: string[], name: string) => row[header.indexOf(name)]!;
const variant = (name: string, content: string[][]) => {
  const path = join(dir, name);
  writeFileSync(path, toCsv(content));
  return verifyCli(path, '--key', deskKey);
};

/** The rows hashed again from the first, each signed by `signer` (or keeping its old signature). */
function rechained(edited: string[][], signer?: { publicKey: string; sign: (m: string) => string }): string[][] {
  let prev = FIRST_PREV_HASH;
  const at = (name: string) => header.indexOf(name);
  return edited.map((r) => {
    const cells = [...r];
    if (signer) cells[at('signingKey')] = signer.publicKey;
    const hash = rowHash(prev, cells.slice(0, at('prevRowHash')));
    cells[at('prevRowHash')] = prev;
    cells[at('rowHash')] = hash;
    if (signer) cells[at('signature')] = signer.sign(signedStatement(header, hash));
    prev = hash;
    return cells;
  });
}

describe('the signed journal export and journal:verify', () => {
  it('names the operator and the desk key, and is accepted untouched against that key', () => {
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(cell(row, 'operator')).toBe(userInfo().username);
      expect(cell(row, 'host')).toBe(hostname());
      expect(keyFingerprint(cell(row, 'signingKey'))).toBe(deskKey);
    }
    expect(header.slice(-3)).toEqual(['prevRowHash', 'rowHash', 'signature']);
    const untouched = verifyCli(file, '--key', deskKey.match(/.{4}/g)!.join(' '));
    expect(untouched.stderr).toBe('');
    expect(untouched.status).toBe(0);
    expect(untouched.stdout).toContain('the chain of 3 rows is intact and signed by the desk key');
  });

  it('rejects a changed cell, a removed row (the last too) and swapped rows, naming the row', () => {
    const edited = variant('edited.csv', [
      header,
      rows[0]!,
      rows[1]!.map((c, i) => (i === header.indexOf('outcome') ? 'failed' : c)),
      rows[2]!,
    ]);
    expect(edited.status).toBe(1);
    expect(edited.stderr).toMatch(/row 2 \(entry .*\) was changed after it was exported/);
    const removed = variant('removed.csv', [header, rows[0]!, rows[2]!]);
    expect(removed.status).toBe(1);
    expect(removed.stderr).toMatch(/row 2 .*says it is row 3/);
    const lastRemoved = variant('last-removed.csv', [header, rows[0]!, rows[1]!]);
    expect(lastRemoved.status).toBe(1);
    expect(lastRemoved.stderr).toMatch(/had 3 rows and 2 are left/);
    const swapped = variant('swapped.csv', [header, rows[1]!, rows[0]!, rows[2]!]);
    expect(swapped.status).toBe(1);
    expect(swapped.stderr).toMatch(/row 1 .*says it is row 2/);
    const emptied = variant('emptied.csv', [header]);
    expect(emptied.status).toBe(1);
    expect(emptied.stderr).toContain('holds no rows');
  });

  it('rejects rows hashed again after an edit, naming the first row whose signature no longer matches', () => {
    const edited = rows.map((r, i) =>
      i === 1 ? r.map((c, j) => (j === header.indexOf('outcome') ? 'failed' : c)) : r,
    );
    const result = variant('rechained.csv', [header, ...rechained(edited)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/row 2 \(entry .*\) does not carry the desk key's signature of its contents/);
  });

  it("rejects a file hashed and signed again with another key, naming that key and the desk's", () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from((publicKey.export({ format: 'jwk' }) as { x: string }).x, 'base64url').toString('hex');
    const forger = { publicKey: raw, sign: (m: string) => sign(null, Buffer.from(m), privateKey).toString('hex') };
    const edited = rows.map((r, i) =>
      i === 1 ? r.map((c, j) => (j === header.indexOf('outcome') ? 'failed' : c)) : r,
    );
    const result = variant('resigned.csv', [header, ...rechained(edited, forger)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `the file is signed by the key ${keyFingerprint(raw)}, not by the desk's key ${deskKey}`,
    );
  });

  it('refuses a file from before signatures, and a command without the desk key or with one that is not a fingerprint', () => {
    const unsigned = header.slice(0, header.indexOf('signingKey'));
    const old = [...unsigned, 'prevRowHash', 'rowHash'];
    const oldFile = join(dir, 'old.csv');
    writeFileSync(oldFile, toCsv([old]));
    const fromBefore = verifyCli(oldFile, '--key', deskKey);
    expect(fromBefore.status).toBe(1);
    expect(fromBefore.stderr).toContain('the file carries no signature');
    const noKey = verifyCli(file);
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain('Give the fingerprint of the desk key');
    const notAKey = verifyCli(file, '--key', 'abc');
    expect(notAKey.status).toBe(2);
    expect(notAKey.stderr).toContain('--key abc is not a fingerprint');
  });
});
