// The check `npm start` and `npm run dev` run before electron-vite: an installed binary is used as it is;
// a missing one is installed with Electron's own installer, and when that cannot download, the run ends
// with one line that says what failed and names the browser harness, never electron-vite's
// "Electron uninstall". The download host is made unreachable on purpose (a closed port, a server that
// never answers) so the outcome does not depend on the machine's network.
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeProject, placeStandIn, run, type FakeProject } from './fake-project';

let project: FakeProject;
let cache: string;
beforeEach(() => {
  project = fakeProject();
  cache = mkdtempSync(join(tmpdir(), 'card-desk-electron-cache-'));
});
afterEach(() => {
  project.remove();
  rmSync(cache, { recursive: true, force: true });
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

function ensureElectron(mirror: string, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_MIRROR: mirror, electron_config_cache: cache };
  delete env.ELECTRON_EXEC_PATH;
  Object.assign(env, extra);
  return run(process.execPath, ['build/ensure-electron.mjs'], { cwd: project.dir, env });
}

describe('the Electron check before start', () => {
  it('lets start go on when a binary is where Electron keeps it, without running the installer', async () => {
    placeStandIn(project.electronDir, '#!/bin/sh\nexit 0\n');
    const r = await ensureElectron('http://127.0.0.1:1/');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).not.toMatch(/Installing/);
  });

  it("records a binary found in dist/ without path.txt, as Electron's installer would, and goes on", async () => {
    placeStandIn(project.electronDir, '#!/bin/sh\nexit 0\n');
    rmSync(join(project.electronDir, 'path.txt'));
    const r = await ensureElectron('http://127.0.0.1:1/');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(project.electronDir, 'path.txt'), 'utf8')).toBe('electron');
  });

  it('runs the installer when the binary is missing and, when the download fails, says so in one line naming the harness', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const r = await ensureElectron(`http://127.0.0.1:${port}/`);
    expect(r.stdout).toMatch(/Installing Electron \d+\.\d+\.\d+'s binary/);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Card Desk cannot start: installing Electron \d+\.\d+\.\d+'s binary failed \(.*fetch failed.*\)/,
    );
    expect(lines[0]).toContain('npm run harness');
    expect(r.stderr + r.stdout).not.toMatch(/Electron uninstall/);
  });

  // The limit is far above what connecting takes (well under a second), so the installer has reached the
  // silent host before it passes however loaded the machine is.
  it(
    'gives up on a download host that never answers once the time limit has passed',
    { timeout: 120_000 },
    async () => {
      const sockets: Socket[] = [];
      const silent = createServer((socket) => sockets.push(socket));
      const port = await listen(silent);
      try {
        const r = await ensureElectron(`http://127.0.0.1:${port}/`, { CARD_DESK_ELECTRON_INSTALL_TIMEOUT_MS: '15000' });
        expect(r.code).toBe(1);
        expect(sockets.length).toBeGreaterThan(0);
        expect(r.stderr.trim()).toMatch(/^Card Desk cannot start: .*\(no answer within 15 s\); run "npm run harness"/);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    },
  );

  it('names ELECTRON_EXEC_PATH when it points at nothing', async () => {
    const r = await ensureElectron('http://127.0.0.1:1/', {
      ELECTRON_EXEC_PATH: join(project.dir, 'no-such-electron'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /ELECTRON_EXEC_PATH names .*no-such-electron, which does not exist; run "npm run harness"/,
    );
  });
});
