// settings.json as users' editors write it, read at start: a byte order mark is accepted, environments
// ignored as incomplete are kept aside beside the file (named in the notice) and survive the next save,
// and every notice at start is also in the log. A real data folder, a real log file, the real keychain.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';
import { createLogger } from '../../../src-main/logging/logger';
import { createEnvironmentManager, type EnvironmentManager } from '../../../src-main/environments/environment-manager';
import { IGNORED_ENVIRONMENTS_FILE_NAME } from '../../../src-main/environments/settings-file';

let dir: string;
const managers: EnvironmentManager[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-settings-start-'));
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

const settingsPath = () => join(dir, 'settings.json');
const logPath = () => join(dir, 'logs', 'main.log');

function start() {
  const logger = createLogger({ file: logPath() });
  const m = createEnvironmentManager({
    dataDir: dir,
    secretStore: new KeytarSecretStore({ service: 'Card Desk settings start test' }),
    startLocalSandbox: () => Promise.reject(new Error('these tests never start the local sandbox')),
    emit: () => undefined,
    logger,
  });
  managers.push(m);
  return { m, logger };
}

const GOOD = { id: 'prod-1', name: 'Production', baseUrl: 'https://api.example.com', keyVerified: null };
const OTHER = { id: 'test-2', name: 'Test', baseUrl: 'https://test.example.com', keyVerified: null };

describe('settings.json at start', () => {
  it('accepts a byte order mark and keeps every environment and the active one', async () => {
    const json = JSON.stringify({ version: 1, activeId: 'test-2', environments: [GOOD, OTHER] }, null, 2);
    writeFileSync(settingsPath(), `\uFEFF${json}`, 'utf8');
    const { m } = start();
    const listed = await m.list();
    expect(listed.environments.map((e) => e.id).sort()).toEqual(['local-sandbox', 'prod-1', 'test-2']);
    expect(listed.activeId).toBe('test-2');
    expect(m.status().notices).toEqual([]);
    // Not moved aside: the file is where it was.
    expect(readFileSync(settingsPath(), 'utf8')).toBe(`\uFEFF${json}`);
  });

  it('keeps an ignored environment aside, names the file, logs the notice, and loses nothing at the next save', async () => {
    const incomplete = { id: 'half-3', name: 'Half done', keyVerified: null }; // no baseUrl
    writeFileSync(
      settingsPath(),
      JSON.stringify({ version: 1, activeId: 'local-sandbox', environments: [GOOD, incomplete] }),
    );
    const { m, logger } = start();
    const notices = m.status().notices;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('"Half done"');
    expect(notices[0]).toContain(IGNORED_ENVIRONMENTS_FILE_NAME);

    const aside = join(dir, IGNORED_ENVIRONMENTS_FILE_NAME);
    const kept = JSON.parse(readFileSync(aside, 'utf8')) as { environments: { entry: unknown; reason: string }[] };
    expect(kept.environments.map((e) => e.entry)).toEqual([incomplete]);

    // A change of settings rewrites settings.json without the ignored entry; it stays in the file aside.
    const saved = await m.save({ name: 'Staging', baseUrl: 'https://staging.example.com' });
    expect(saved.ok).toBe(true);
    expect(JSON.stringify(JSON.parse(readFileSync(settingsPath(), 'utf8')))).not.toContain('Half done');
    expect(JSON.parse(readFileSync(aside, 'utf8'))).toEqual(kept);

    await logger.flush();
    const lines = readFileSync(logPath(), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg?: string; notice?: string });
    expect(lines.filter((l) => l.msg === 'notice shown').map((l) => l.notice)).toEqual(notices);
  });

  it('adds to what an earlier start kept aside, never twice the same entry', () => {
    const a = { id: 'a-1', name: 'A', keyVerified: null };
    const b = { id: 'b-2', name: 'B', keyVerified: null };
    writeFileSync(settingsPath(), JSON.stringify({ version: 1, activeId: 'local-sandbox', environments: [a] }));
    start();
    writeFileSync(settingsPath(), JSON.stringify({ version: 1, activeId: 'local-sandbox', environments: [a, b] }));
    start();
    const aside = join(dir, IGNORED_ENVIRONMENTS_FILE_NAME);
    expect(existsSync(aside)).toBe(true);
    const kept = JSON.parse(readFileSync(aside, 'utf8')) as { environments: { entry: unknown }[] };
    expect(kept.environments.map((e) => e.entry)).toEqual([a, b]);
  });
});
