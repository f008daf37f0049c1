// `npm run package:dir -- -c.electronDist=FOLDER` as our machines run it, FOLDER holding a stand-in
// Electron executable that carries Electron's fuse sentinel and a fuse wire: the unpacked app must hold
// only the built app, keytar and kerberos, stay small, ship their bindings and the cache worker outside the
// archive (where the worker starts the way the packaged app starts it), and have its fuses flipped.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractAll, extractFile, listPackage, statFile } from '@electron/asar';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerReader, builtAnswerWorkerLocation } from '../../src-main/api/answer-reader';
import { CacheWriter } from '../../src-main/cache/threads/cache-writer';
import { builtWorkerLocation } from '../../src-main/cache/threads/worker-location';
import { DISPOSE_LIMIT_MS } from '../../src-main/shell/quit';
import { copyOfRepo, REPO, run } from './fake-project';
import { TEST_KEYS } from '../support/cache-keys';
import { standInElectronDist } from './stand-in-electron';
import { TEAM_DATABASE, startPostgres } from '../support/postgres';
import { TEAM_MIGRATIONS, TEAM_SCHEMA_VERSION } from '../../src-main/team/schema/migrations';

let repo: ReturnType<typeof copyOfRepo>;
let electronDist: string;
let resources: string;
let asarFile: string;
let entries: string[];

beforeAll(async () => {
  repo = copyOfRepo('card-desk-package-');
  electronDist = standInElectronDist();
  const r = await run('npm', ['run', 'package:dir', '--', `-c.electronDist=${electronDist}`], { cwd: repo.dir });
  if (r.code !== 0) throw new Error(`npm run package:dir failed:\n${r.stdout}\n${r.stderr}`);
  resources = join(repo.dir, 'release/linux-unpacked/resources');
  asarFile = join(resources, 'app.asar');
  entries = listPackage(asarFile, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
}, 240_000);
afterAll(() => {
  repo?.remove();
  if (electronDist) rmSync(electronDist, { recursive: true, force: true });
});

describe('the packaged app', () => {
  it('holds main, preload and renderer, and a package.json that starts main', () => {
    for (const file of ['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) {
      expect(entries).toContain(file);
    }
    expect(entries.some((entry) => /^\/out\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);
    const manifest = JSON.parse(extractFile(asarFile, 'package.json').toString('utf8'));
    expect(manifest).toMatchObject({ main: 'out/main/index.js', productName: 'Card Desk', type: 'module' });
    expect(Object.keys(manifest.dependencies)).toEqual(['kerberos', 'keytar']);
  });

  it('holds nothing but the build, package.json, keytar and kerberos: no sources, tests, maps or renderer libraries', () => {
    const files = entries.filter((entry) => !('files' in statFile(asarFile, entry.slice(1))));
    const stray = files.filter(
      (file) =>
        !/^\/out\/(main|preload|renderer)\//.test(file) &&
        file !== '/package.json' &&
        !file.startsWith('/node_modules/keytar/') &&
        !/^\/node_modules\/kerberos\/(package\.json|LICENSE|lib\/|build\/Release\/[^/]+\.node$)/.test(file),
    );
    expect(stray).toEqual([]);
    expect(files.filter((file) => /\.(tsx?|map)$/.test(file) || /\/(src-\w+|test)\//.test(file))).toEqual([]);
    for (const library of ['react', 'react-dom', '@tanstack', 'recharts', 'date-fns', 'zod', 'hono', '@faker-js']) {
      expect(entries.filter((entry) => entry.startsWith(`/node_modules/${library}`))).toEqual([]);
    }
  });

  it('builds the update keys of build/update-keys into main, and ships them beside the root step for the .deb', () => {
    const keys = readdirSync(join(REPO, 'build/update-keys')).filter((name) => name.endsWith('.pem'));
    expect(keys.length).toBeGreaterThanOrEqual(1);
    const main = extractFile(asarFile, 'out/main/index.js').toString('utf8');
    for (const name of keys) {
      const pem = readFileSync(join(REPO, 'build/update-keys', name), 'utf8');
      // Inside app.asar (covered by its integrity check), as the JSON string the build wrote.
      expect(main).toContain(JSON.stringify(pem));
      expect(readFileSync(join(resources, 'update-keys', name), 'utf8')).toBe(pem);
    }
    expect(statSync(join(resources, 'install-update.sh')).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(resources, 'install-update.sh'), 'utf8')).toBe(
      readFileSync(join(REPO, 'build/install-update.sh'), 'utf8'),
    );
  });

  it('is an archive of at most 10 MB', () => {
    const size = statSync(asarFile).size;
    console.log(`app.asar: ${(size / 1024 / 1024).toFixed(2)} MB, ${entries.length} entries`);
    expect(size).toBeLessThanOrEqual(10 * 1024 * 1024);
  });

  it("ships keytar's and kerberos's native bindings outside the archive, with kerberos's loader inside", () => {
    for (const binding of [
      'node_modules/keytar/build/Release/keytar.node',
      'node_modules/kerberos/build/Release/kerberos.node',
    ]) {
      expect(statFile(asarFile, binding)).toMatchObject({ unpacked: true });
      expect(statSync(join(resources, 'app.asar.unpacked', binding)).size).toBeGreaterThan(0);
    }
    expect(entries).toContain('/node_modules/kerberos/lib/index.js');
  });

  it('starts the cache worker from app.asar.unpacked, found from the main bundle inside app.asar', async () => {
    expect(statFile(asarFile, 'out/main/cache-worker.js')).toMatchObject({ unpacked: true });
    const location = builtWorkerLocation(join(resources, 'app.asar', 'out', 'main'));
    expect(location.url.pathname).toBe(join(resources, 'app.asar.unpacked/out/main/cache-worker.js'));
    const data = mkdtempSync(join(tmpdir(), 'card-desk-packaged-cache-'));
    const writer = new CacheWriter(location);
    try {
      mkdirSync(join(data, 'env'));
      const file = join(data, 'env', 'customers.sqlite');
      expect(await writer.call('open', { file, keys: TEST_KEYS })).toEqual({ notice: null });
      expect(await writer.call('syncState')).toMatchObject({ nextPage: null, customersDone: 0 });
      await writer.call('close');
      expect(statSync(file).size).toBeGreaterThan(0);
    } finally {
      await writer.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('reads a large answer on the answer reader from app.asar.unpacked, found from the main bundle inside app.asar', async () => {
    expect(statFile(asarFile, 'out/main/answer-worker.js')).toMatchObject({ unpacked: true });
    const location = builtAnswerWorkerLocation(join(resources, 'app.asar', 'out', 'main'));
    expect(location.url.pathname).toBe(join(resources, 'app.asar.unpacked/out/main/answer-worker.js'));
    const reader = new AnswerReader(location);
    try {
      const data = Array.from({ length: 20_000 }, (_, i) => ({ _id: i.toString(16).padStart(24, '0') }));
      const bytes = new TextEncoder().encode(JSON.stringify({ status: 'success', message: 'ok', data }));
      const read = await reader.read<{ _id: string }[]>(bytes, 'customers');
      expect(read.envelope?.data.map((c) => c._id)).toEqual(data.map((c) => c._id));
      expect(reader.handed.slices).toBeGreaterThan(1);
    } finally {
      await reader.stop();
    }
  });

  it("has Electron's fuses flipped: no run-as-node, NODE_OPTIONS or inspector; app only from the checked asar; encrypted cookies; no file:// privileges", async () => {
    const wire = await getCurrentFuseWire(join(repo.dir, 'release/linux-unpacked/card-desk'));
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      nodeOptions: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      nodeCliInspect: wire[FuseV1Options.EnableNodeCliInspectArguments],
      onlyLoadAppFromAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
      asarIntegrity: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      cookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      fileProtocolPrivileges: wire[FuseV1Options.GrantFileProtocolExtraPrivileges],
    }).toEqual({
      runAsNode: FuseState.DISABLE,
      nodeOptions: FuseState.DISABLE,
      nodeCliInspect: FuseState.DISABLE,
      onlyLoadAppFromAsar: FuseState.ENABLE,
      asarIntegrity: FuseState.ENABLE,
      cookieEncryption: FuseState.ENABLE,
      fileProtocolPrivileges: FuseState.DISABLE,
    });
  });
});

describe('the packaged main process, run in Node under a stand-in for electron', () => {
  let layout: string;
  beforeAll(() => {
    // The archive's content in a folder at the archive's own path, beside the real app.asar.unpacked:
    // main finds its files, keytar and the worker by the same paths as inside Electron. The worker's
    // copy inside the archive is removed, so it can only start from app.asar.unpacked.
    layout = mkdtempSync(join(tmpdir(), 'card-desk-packaged-main-'));
    extractAll(asarFile, join(layout, 'resources/app.asar'));
    rmSync(join(layout, 'resources/app.asar/out/main/cache-worker.js'));
    cpSync(join(resources, 'app.asar.unpacked'), join(layout, 'resources/app.asar.unpacked'), { recursive: true });
  });
  afterAll(() => rmSync(layout, { recursive: true, force: true }));

  async function runMain(appData: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
    const r = await run(
      process.execPath,
      [
        '--import',
        join(REPO, 'test/packaging/fake-electron/register.mjs'),
        'resources/app.asar/out/main/index.js',
        ...args,
      ],
      { cwd: layout, env: { ...process.env, CARD_DESK_FAKE_APPDATA: appData, ...env } },
    );
    const lines = r.stdout.trim().split('\n');
    return { code: r.code, stderr: r.stderr, seen: JSON.parse(lines.at(-1)!) };
  }

  it('starts, serves the page, syncs customers through the unpacked worker, loads keytar and quits cleanly', async () => {
    const appData = join(layout, 'appdata');
    mkdirSync(appData);
    const { code, stderr, seen } = await runMain(appData);
    expect(code, stderr).toBe(0);
    expect(seen).toMatchObject({
      errorBoxes: [],
      windows: ['card-desk://app/index.html'],
      quit: true,
      page: { status: 200, csp: true },
      sync: { ok: true, data: { phase: 'done', environmentId: 'local-sandbox' } },
      status: { ok: true, data: { notice: null } },
      keytarLoaded: true,
      userData: join(appData, 'card-desk'),
    });
    expect(seen.status.data.customers).toBe(seen.sync.data.customers);
    expect(seen.sync.data.customers).toBeGreaterThan(0);

    // Its own menu (no Reload, no developer tools), and a window without spellchecker or developer tools.
    const menu = seen.menu as { label: string; submenu: { role?: string }[] }[];
    expect(menu.map((m) => m.label)).toEqual(['&File', '&Edit', '&Window']);
    const roles = menu.flatMap((m) => m.submenu.map((item) => item.role));
    expect(roles).toEqual(expect.arrayContaining(['cut', 'copy', 'paste', 'minimize']));
    expect(roles).not.toContain('reload');
    expect(roles).not.toContain('toggleDevTools');
    expect(seen.windowOptions[0].webPreferences).toMatchObject({ spellcheck: false, devTools: false, sandbox: true });
    expect(seen.spellCheckerEnabled).toBe(false);
    // Copy through main's clipboard, as the page's Copy buttons do.
    expect(seen.copy).toEqual({ ok: true, data: { copied: true } });
    expect(seen.clipboard).toBe('crd_copied_1234');
  });

  it('quits with a message, before any window, when started with a remote debugging or inspector switch', async () => {
    for (const args of [['--remote-debugging-port=9222'], ['--remote-debugging-pipe'], ['--inspect-brk=9229']]) {
      const appData = mkdtempSync(join(layout, 'appdata-'));
      const { code, seen } = await runMain(appData, {}, args);
      expect(code).toBe(1);
      expect(seen.windows).toEqual([]);
      expect(seen.errorBoxes).toEqual([
        {
          title: 'Card Desk could not start',
          body: expect.stringContaining(
            `Checking how Card Desk was started failed.\n\nCard Desk was started with ${args[0]}, which would let another program read and control it.`,
          ),
        },
      ]);
    }
  });

  it('refuses to start a cache worker whose bytes were changed, naming the file, and exits with code 1', async () => {
    const worker = join(layout, 'resources/app.asar.unpacked/out/main/cache-worker.js');
    const original = readFileSync(worker);
    const appData = mkdtempSync(join(layout, 'appdata-'));
    try {
      writeFileSync(worker, Buffer.concat([original, Buffer.from('\nprocess.exit(0);\n')]));
      const { code, seen } = await runMain(appData);
      expect(code).toBe(1);
      expect(seen.windows).toEqual([]);
      expect(seen.errorBoxes).toEqual([
        {
          title: 'Card Desk could not start',
          body: expect.stringMatching(/^Checking the cache worker failed\./),
        },
      ]);
      expect(seen.errorBoxes[0].body).toContain(
        `The cache worker ${worker} has been changed since this version was built`,
      );
    } finally {
      writeFileSync(worker, original);
    }
  });

  it('exits with code 1 once the quit time limit passes when closing hangs (a cache worker that stopped answering)', async () => {
    const appData = mkdtempSync(join(layout, 'appdata-'));
    const { code, stderr, seen } = await runMain(appData, { CARD_DESK_FAKE_HUNG_CACHE_WORKER: '1' });
    // It did run (the sync went through the worker), then quit hung on the worker's close: Card Desk
    // exited once the limit had passed (not earlier, as a failed close would) instead of staying as an
    // invisible process; a process that never ended would meet vitest's limit instead.
    expect(seen.sync).toMatchObject({ ok: true, data: { phase: 'done' } });
    expect(seen.quit).toBeUndefined();
    expect(seen.exitCode).toBe(1);
    expect(seen.closingMs).toBeGreaterThanOrEqual(DISPOSE_LIMIT_MS - 50); // timers may round a little early
    expect(code, stderr).toBe(1);
  });

  it('shows the error box and exits with code 1 when the window page fails to load', async () => {
    const appData = mkdtempSync(join(layout, 'appdata-'));
    const { code, seen } = await runMain(appData, { CARD_DESK_FAKE_LOAD_FAILURE: 'ERR_FILE_NOT_FOUND (-6)' });
    expect(code).toBe(1);
    expect(seen.windows).toEqual(['card-desk://app/index.html']);
    expect(seen.errorBoxes).toEqual([
      {
        title: 'Card Desk could not start',
        body: expect.stringMatching(/^Opening the window failed\.\n\nERR_FILE_NOT_FOUND \(-6\) loading/),
      },
    ]);
  });

  it('shows the error box and exits with code 1 when its data folder cannot be written', async () => {
    writeFileSync(join(layout, 'appdata-file'), '');
    const { code, seen } = await runMain(join(layout, 'appdata-file'));
    expect(code).toBe(1);
    expect(seen.windows).toEqual([]);
    expect(seen.errorBoxes).toEqual([
      {
        title: 'Card Desk could not start',
        body: expect.stringContaining(`Data folder: ${join(layout, 'appdata-file', 'card-desk')}`),
      },
    ]);
  });

  it('sets up a team database with --team-setup, as IT runs it from the installed app, and exits 0 without a window', async () => {
    const db = await startPostgres({ setUp: false });
    try {
      const appData = mkdtempSync(join(layout, 'appdata-'));
      const args = ['--team-setup', '--url', `postgres://postgres@127.0.0.1:${db.port}/${TEAM_DATABASE}`];
      const r = await run(
        process.execPath,
        [
          '--import',
          join(REPO, 'test/packaging/fake-electron/register.mjs'),
          'resources/app.asar/out/main/index.js',
          ...args,
        ],
        { cwd: layout, env: { ...process.env, CARD_DESK_FAKE_APPDATA: appData, PGPASSWORD: '' } },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(
        `Card Desk's team schema is now at version ${TEAM_SCHEMA_VERSION} (set up by postgres)`,
      );
      expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toMatchObject({ exitCode: 0, windows: [] });
      const { rows } = await db.sql('SELECT count(*)::int AS n FROM card_desk.schema_migrations');
      expect(rows[0].n).toBe(TEAM_MIGRATIONS.length);
    } finally {
      await db.remove();
    }
  });
});
