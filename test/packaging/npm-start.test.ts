// `npm start` as a user runs it, in a copy of the repository: it checks for Electron, builds, and launches
// the binary electron-vite finds. The binary is a stand-in shell script (ELECTRON_EXEC_PATH, the variable
// both the check and electron-vite read) that records what it was started with.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox';
import { copyOfRepo, run } from './fake-project';

let repo: ReturnType<typeof copyOfRepo>;
let copy: string;
beforeAll(() => {
  repo = copyOfRepo('card-desk-npm-start-');
  copy = repo.dir;
});
afterAll(() => repo.remove());

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
    'out/main/answer-worker.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
  ]) {
    expect(existsSync(join(copy, built)), built).toBe(true);
  }
  // Main's and the worker threads' sources are ASCII: V8 then holds each one byte a character, in its own heap.
  const mainFiles = readdirSync(join(copy, 'out/main')).filter((file) => file.endsWith('.js'));
  expect(mainFiles).toEqual(expect.arrayContaining(['index.js', 'cache-worker.js', 'answer-worker.js']));
  for (const file of mainFiles) {
    expect(/[\u0080-\uffff]/.exec(readFileSync(join(copy, 'out/main', file), 'utf8'))?.[0], file).toBeUndefined();
  }
  // So are the renderer's scripts, for Chromium.
  const assets = join(copy, 'out/renderer/assets');
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    expect(/[\u0080-\uffff]/.exec(readFileSync(join(assets, file), 'utf8'))?.[0], file).toBeUndefined();
  }
  // The local sandbox (its emulator and seeded names) is a chunk of its own, which main loads only when the
  // sandbox starts: a desk on a real server never parses it.
  const main = readFileSync(join(copy, 'out/main/index.js'), 'utf8');
  const chunk = /import\("\.\/(sandbox-[\w-]+\.js)"\)/.exec(main)?.[1];
  expect(chunk, 'a dynamic import of the sandbox chunk').toBeDefined();
  expect(readFileSync(join(copy, 'out/main', chunk!), 'utf8')).toContain('rawDefinitions');
  expect(main).not.toContain('rawDefinitions');
  // The built chunk, escaped to ASCII, serves what the sources serve.
  const built = (await import(pathToFileURL(join(copy, 'out/main', chunk!)).href)) as { startSandbox: StartSandbox };
  expect(await firstPage(built.startSandbox)).toEqual(await firstPage(startSandbox));
});

type StartSandbox = typeof startSandbox;

/** The first page of customers and a refusal naming a field, from a sandbox seeded as the other. */
async function firstPage(start: StartSandbox): Promise<unknown[]> {
  const sandbox = await start({
    customers: 150,
    seed: 11,
    key: 'sk_test_same',
    now: () => new Date(Date.UTC(2026, 0, 5)),
  });
  try {
    const headers = { authorization: `Bearer ${sandbox.key}` };
    const page = await fetch(`${sandbox.url}/customers?limit=100`, { headers });
    const refused = await fetch(`${sandbox.url}/customers?limit=abc`, { headers });
    return [page.status, await page.json(), refused.status, await refused.json()];
  } finally {
    await sandbox.stop();
  }
}
