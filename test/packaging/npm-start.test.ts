// `npm start` as a user runs it, in a copy of the repository: it checks for Electron, builds, and launches
// the binary electron-vite finds. The binary is a stand-in shell script (ELECTRON_EXEC_PATH, the variable
// both the check and electron-vite read) that records what it was started with.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO, run } from './fake-project';

let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'card-desk-npm-start-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  for (const file of files.split('\n').filter(Boolean)) {
    if (!existsSync(join(REPO, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(REPO, file), join(copy, file));
  }
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('builds the app and launches Electron on it', { timeout: 120_000 }, async () => {
  const record = join(copy, 'launched.txt');
  const standIn = join(copy, 'stand-in-electron');
  writeFileSync(
    standIn,
    `#!/bin/sh\n{ echo "cwd=$PWD"; echo "args=$*"; test -f out/main/index.js && echo main-built; } > "${record}"\n`,
    { mode: 0o755 },
  );
  const r = await run('npm', ['start'], { cwd: copy, env: { ...process.env, ELECTRON_EXEC_PATH: standIn } });
  expect(r.code, r.stderr).toBe(0);
  expect(readFileSync(record, 'utf8').split('\n')).toEqual([`cwd=${copy}`, 'args=.', 'main-built', '']);
  for (const built of [
    'out/main/index.js',
    'out/main/cache-worker.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
  ]) {
    expect(existsSync(join(copy, built)), built).toBe(true);
  }
});
