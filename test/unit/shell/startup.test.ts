// Start-up that cannot fail silently, with the `electron` module replaced: real failures (a data folder
// that cannot be written, a journal from a newer Card Desk, a port already taken) end in one native
// error box naming what failed and the data folder, then exit code 1; the composition root itself
// (src-main/index.ts) does the same, and on success opens the window and closes everything on quit.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src-main/logging/logger';
import { startSandbox } from '../../../src-main/sandbox';
import { openKnownCardsHealing } from '../../../src-main/cards/known-cards-file';
import { KNOWN_CARDS_FILE } from '../../../src-main/cards/known-cards';

type Listener = (...args: unknown[]) => unknown;

const fakeApp = vi.hoisted(() => ({
  errorBoxes: [] as { title: string; body: string }[],
  exitCodes: [] as number[],
  quits: 0,
  paths: new Map<string, string>(),
  listeners: new Map<string, Listener[]>(),
}));

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  const app = {
    isPackaged: true,
    getPath: (name: string) => fakeApp.paths.get(name) ?? '/nonexistent',
    // As Electron's: a folder that does not exist is refused.
    setPath: (name: string, value: string) => {
      if (!existsSync(value)) throw new Error(`Failed to set path: ${value} does not exist`);
      fakeApp.paths.set(name, value);
    },
    name: 'Card Desk',
    enableSandbox: () => {},
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    on: (event: string, listener: Listener) => {
      fakeApp.listeners.set(event, [...(fakeApp.listeners.get(event) ?? []), listener]);
      return app;
    },
    quit: () => void fakeApp.quits++,
    exit: (code: number) => void fakeApp.exitCodes.push(code),
  };
  const electron = {
    ...fake.electronModule,
    app,
    session: { defaultSession: fake.fakeSession() },
    dialog: {
      ...fake.electronModule.dialog,
      showErrorBox: (title: string, body: string) => void fakeApp.errorBoxes.push({ title, body }),
    },
  };
  return { ...electron, default: electron };
});

const { startOrQuit, logUnhandledErrors, whatFailed } = await import('../../../src-main/shell/startup');
const { FakeBrowserWindow, recorded } = await import('./fake-electron');

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'card-desk-startup-'));
  fakeApp.errorBoxes = [];
  fakeApp.exitCodes = [];
  fakeApp.quits = 0;
  fakeApp.paths.clear();
  fakeApp.listeners.clear();
  FakeBrowserWindow.created = [];
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** A data folder below a plain file: nothing can be created in it, whoever runs the test. */
function unwritableDataDir(): string {
  writeFileSync(path.join(scratch, 'not-a-folder'), '');
  return path.join(scratch, 'not-a-folder', 'card-desk');
}

describe('a start-up that rejects', () => {
  it('names the unwritable data folder in a native error box, then exits with code 1', async () => {
    const dataDir = unwritableDataDir();
    const started = await startOrQuit({
      dataDir,
      start: async (stages) => {
        stages.begin('Opening the log in the data folder');
        createLogger({ file: path.join(dataDir, 'logs', 'main.log') });
      },
    });
    expect(started).toBe(false);
    expect(fakeApp.errorBoxes).toHaveLength(1);
    const [box] = fakeApp.errorBoxes;
    expect(box!.title).toBe('Card Desk could not start');
    expect(box!.body).toMatch(/^The data folder cannot be written\.\n\n.*ENOTDIR/);
    expect(box!.body).toContain(`Data folder: ${dataDir}`);
    expect(fakeApp.exitCodes).toEqual([1]);
  });

  it('says which stage failed when a data file is from a newer Card Desk, and logs it', async () => {
    const dataDir = path.join(scratch, 'data');
    mkdirSync(dataDir);
    // A journal from a newer Card Desk only refuses writes (the app starts); a newer known-cards index stops it.
    const cards = new DatabaseSync(path.join(dataDir, KNOWN_CARDS_FILE));
    cards.exec('PRAGMA user_version = 999');
    cards.close();
    const logFile = path.join(dataDir, 'logs', 'main.log');
    const logger = createLogger({ file: logFile });

    await startOrQuit({
      dataDir,
      logger: () => logger,
      start: async (stages) => {
        stages.begin('Opening the index of known cards');
        openKnownCardsHealing({ folder: dataDir, issued: () => [], logger });
        await Promise.resolve();
      },
    });
    const [box] = fakeApp.errorBoxes;
    expect(box!.body).toMatch(/^Opening the index of known cards failed\.\n\n.*schema version 999/);
    expect(box!.body).toContain(`Data folder: ${dataDir}`);
    expect(box!.body).toContain(`Log file: ${logFile}`);
    expect(fakeApp.exitCodes).toEqual([1]);
    const logged = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(logged.at(-1)).toMatchObject({
      msg: 'start-up failed',
      stage: 'Opening the index of known cards',
    });
  });

  it('says the local sandbox could not get its port when the port is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      await startOrQuit({
        dataDir: scratch,
        start: async (stages) => {
          stages.begin('Starting the local sandbox');
          await startSandbox({ port, customers: 5 });
        },
      });
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
    expect(fakeApp.errorBoxes[0]!.body).toMatch(/^The local sandbox could not get a network port\.\n\n.*EADDRINUSE/);
    expect(fakeApp.exitCodes).toEqual([1]);
  });

  it('shows nothing and keeps running when start-up succeeds', async () => {
    const stages: string[] = [];
    const started = await startOrQuit({
      dataDir: scratch,
      start: async (s) => {
        s.begin('Opening the window');
        stages.push('Opening the window');
      },
    });
    expect(started).toBe(true);
    expect(stages).toEqual(['Opening the window']);
    expect(fakeApp.errorBoxes).toEqual([]);
    expect(fakeApp.exitCodes).toEqual([]);
  });
});

describe('what failed, in words', () => {
  it('reads the error code before falling back to the stage', () => {
    const coded = (code: string, syscall?: string) => Object.assign(new Error(code), { code, syscall });
    expect(whatFailed(coded('EACCES', 'mkdir'), 'Opening the log')).toBe('The data folder cannot be written');
    expect(whatFailed(coded('EROFS', 'open'), 'Opening the log')).toBe('The data folder cannot be written');
    expect(whatFailed(coded('ENOSPC', 'write'), 'Opening the log')).toBe('The disk that holds the data folder is full');
    expect(whatFailed(coded('EACCES', 'listen'), 'Starting')).toBe('The local sandbox could not get a network port');
    expect(whatFailed(new Error('boom'), 'Opening the window')).toBe('Opening the window failed');
  });
});

describe('errors nobody handles', () => {
  it('are written to the log, or to stderr before the log is open', async () => {
    const logFile = path.join(scratch, 'main.log');
    const logger = createLogger({ file: logFile });
    let current: typeof logger | null = null;
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const remove = logUnhandledErrors(() => current);
    let written: string[];
    try {
      process.emit('uncaughtException', new Error('early failure'));
      current = logger;
      process.emit('unhandledRejection', new Error('lost promise'), Promise.resolve());
    } finally {
      remove();
      written = stderr.mock.calls.map((call) => String(call[0]));
      stderr.mockRestore();
    }
    expect(written).toEqual([expect.stringMatching(/^uncaught exception in main: Error: early failure/)]);
    await logger.flush();
    const logged = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(logged).toEqual([expect.objectContaining({ msg: 'unhandled rejection in main', err: 'lost promise' })]);
  });
});

describe('the composition root', () => {
  async function loadMain(appData: string) {
    fakeApp.paths.set('appData', appData);
    vi.resetModules();
    await import('../../../src-main/index');
    // Start-up runs on after the import; wait until it has ended one way or the other.
    await vi.waitFor(() => expect(fakeApp.exitCodes.length + FakeBrowserWindow.created.length).toBeGreaterThan(0), {
      timeout: 30_000,
    });
  }

  it('creates its data folder, named card-desk under the per-user app data folder, before pointing userData at it', async () => {
    expect(existsSync(path.join(scratch, 'card-desk'))).toBe(false);
    await loadMain(scratch);
    expect(fakeApp.paths.get('userData')).toBe(path.join(scratch, 'card-desk'));
    await quit();
  });

  it('sets its own menu: Edit and Window, no Reload or developer tools in a packaged build', async () => {
    await loadMain(scratch);
    const menu = recorded.applicationMenu as { label: string; submenu: { role?: string }[] }[];
    expect(menu.map((m) => m.label)).toEqual(['&File', '&Edit', '&Window']);
    const roles = menu.flatMap((m) => m.submenu.map((item) => item.role));
    expect(roles).toEqual(expect.arrayContaining(['cut', 'copy', 'paste', 'minimize', 'quit']));
    expect(roles).not.toContain('reload');
    expect(roles).not.toContain('toggleDevTools');
    expect(FakeBrowserWindow.created[0]!.options.webPreferences).toMatchObject({ devTools: false, spellcheck: false });
    await quit();
  });

  it('shows the error box and exits when the window page fails to load, leaving no hidden window', async () => {
    FakeBrowserWindow.nextLoadFailure = new Error("ERR_FILE_NOT_FOUND (-6) loading 'card-desk://app/index.html'");
    await loadMain(scratch);
    await vi.waitFor(() => expect(fakeApp.exitCodes).toEqual([1]), { timeout: 30_000 });
    expect(fakeApp.errorBoxes).toEqual([
      {
        title: 'Card Desk could not start',
        body: expect.stringMatching(/^Opening the window failed\.\n\nERR_FILE_NOT_FOUND \(-6\)/),
      },
    ]);
  });

  it('quits with the error box, before any window, when started with --remote-debugging-port and no policy allows it', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--remote-debugging-port=9222'];
    try {
      await loadMain(scratch);
    } finally {
      process.argv = argv;
    }
    expect(fakeApp.exitCodes).toEqual([1]);
    expect(FakeBrowserWindow.created).toEqual([]);
    expect(fakeApp.errorBoxes).toEqual([
      {
        title: 'Card Desk could not start',
        body: expect.stringMatching(
          /^Checking how Card Desk was started failed\.\n\nCard Desk was started with --remote-debugging-port=9222, which would let another program read and control it\./,
        ),
      },
    ]);
  });

  it('shows the error box and exits, without a window, when the data folder cannot be written', async () => {
    writeFileSync(path.join(scratch, 'appdata-file'), '');
    await loadMain(path.join(scratch, 'appdata-file'));
    expect(fakeApp.errorBoxes).toHaveLength(1);
    expect(fakeApp.errorBoxes[0]!.body).toMatch(/^The data folder cannot be written\./);
    expect(fakeApp.errorBoxes[0]!.body).toContain(`Data folder: ${path.join(scratch, 'appdata-file', 'card-desk')}`);
    expect(fakeApp.exitCodes).toEqual([1]);
    expect(FakeBrowserWindow.created).toEqual([]);
  });

  it('opens the window when start-up succeeds, and closes its services before quitting', async () => {
    await loadMain(scratch);
    expect(fakeApp.errorBoxes).toEqual([]);
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(FakeBrowserWindow.created[0]!.loadedUrl).toBe('card-desk://app/index.html');
    await quit();
    expect(fakeApp.quits).toBe(1);
  });

  async function quit() {
    const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    for (const listener of fakeApp.listeners.get('will-quit') ?? []) listener(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(fakeApp.quits).toBe(1), { timeout: 30_000 });
  }
});

describe("an organisation's policy file that is not valid", () => {
  it('stops start-up in the error box naming the file and the unknown key (fail closed)', async () => {
    const { loadPolicy } = await import('../../../src-main/policy/policy-file');
    const file = path.join(scratch, 'policy.json');
    writeFileSync(file, JSON.stringify({ allowLocalSandbox: false, syncScheduleMinuets: 60 }));
    const started = await startOrQuit({
      dataDir: scratch,
      start: async (stages) => {
        stages.begin("Reading the organisation's policy file");
        loadPolicy({ file, required: true });
        stages.begin('Opening the window');
      },
    });
    expect(started).toBe(false);
    expect(fakeApp.exitCodes).toEqual([1]);
    const [box] = fakeApp.errorBoxes;
    expect(box!.body).toContain("Reading the organisation's policy file failed.");
    expect(box!.body).toContain(file);
    expect(box!.body).toContain('"syncScheduleMinuets" is not a known setting');
  });
});
