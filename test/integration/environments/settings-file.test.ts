// settings.json on a real disk: atomic writes, a corrupt file moved aside with a notice, the https rule.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../src-shared/ipc/names';
import { createLogger } from '../../../src-main/logging/logger';
import { createEnvironmentManager, type EnvironmentManager } from '../../../src-main/environments/environment-manager';
import { loadSettings, writeSettings, type Settings } from '../../../src-main/environments/settings-file';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';

let dir: string;
const managers: EnvironmentManager[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-settings-'));
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

function manager(now?: () => Date) {
  const events: { name: EventName; payload: unknown }[] = [];
  const m = createEnvironmentManager({
    dataDir: dir,
    secretStore: new KeytarSecretStore({ service: 'Card Desk settings test' }),
    startLocalSandbox: () => Promise.reject(new Error('these tests never start the local sandbox')),
    emit: (name, payload) => events.push({ name, payload }),
    logger: createLogger({ file: join(dir, 'logs', 'main.log') }),
    ...(now ? { now } : {}),
  });
  managers.push(m);
  return { m, events };
}

const settingsPath = () => join(dir, 'settings.json');

describe('writeSettings', () => {
  it('replaces the file whole: a reader never sees a partial file, and no temp file is left', async () => {
    const big = (n: number): Settings => ({
      version: 1,
      activeId: 'local-sandbox',
      environments: Array.from({ length: 200 }, (_, i) => ({
        id: `env-${n}-${i}`,
        name: `Environment ${n}-${i} ${'x'.repeat(60)}`,
        baseUrl: `https://api${i}.example.com`,
        keyVerified: null,
      })),
    });
    await writeSettings(settingsPath(), big(0));
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const parsed = JSON.parse(readFileSync(settingsPath(), 'utf8')) as Settings; // throws on a torn file
        expect(parsed.environments).toHaveLength(200);
        reads++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let n = 1; n <= 60; n++) await writeSettings(settingsPath(), big(n));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(10);
    expect((JSON.parse(readFileSync(settingsPath(), 'utf8')) as Settings).environments[0]!.id).toBe('env-60-0');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(statSync(settingsPath()).mode & 0o777).toBe(0o600);
  });
});

describe('a corrupt settings file', () => {
  it('is moved aside, defaults are used, and the user is told', async () => {
    writeFileSync(settingsPath(), '{"version":1,"activeId":"env-1","environments":[{"id":"env-1"');
    const fixed = new Date('2026-11-22T10:11:12.345Z');
    const { m } = manager(() => fixed);
    const aside = join(dir, 'settings.json.corrupt-2026-11-22T10-11-12-345Z');
    expect(existsSync(aside)).toBe(true);
    expect(readFileSync(aside, 'utf8')).toContain('"env-1"');
    expect(existsSync(settingsPath())).toBe(false);
    const status = m.status();
    expect(status.environment.id).toBe('local-sandbox');
    expect(status.notices).toHaveLength(1);
    expect(status.notices[0]).toContain('settings.json.corrupt-2026-11-22T10-11-12-345Z');
    expect(status.notices[0]).toContain('a new environment never picks up an old key');
    expect((await m.list()).environments.map((e) => e.id)).toEqual(['local-sandbox']);
  });

  it('a file of the wrong shape is moved aside too', () => {
    writeFileSync(settingsPath(), JSON.stringify({ environments: 'none' }));
    const { m } = manager();
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
    expect(m.status().notices[0]).toMatch(/could not read its settings file/);
  });

  it('one bad entry is dropped with a notice and the rest kept', () => {
    writeFileSync(
      settingsPath(),
      JSON.stringify({
        version: 1,
        activeId: 'env-bad',
        environments: [
          { id: 'env-good', name: 'Production', baseUrl: 'https://api.example.com', keyVerified: null },
          { id: 'env-bad', name: 'Plain http', baseUrl: 'http://api.example.com', keyVerified: null },
        ],
      }),
    );
    const loaded = loadSettings(settingsPath());
    expect(loaded.settings.environments.map((e) => e.id)).toEqual(['env-good']);
    expect(loaded.settings.activeId).toBe('local-sandbox');
    expect(loaded.notices).toEqual([expect.stringContaining('"Plain http"')]);
    expect(loaded.notices[0]).toContain('https');
  });
});

describe('saving environments', () => {
  it('requires https except for loopback addresses, naming the field', async () => {
    const { m } = manager();
    const plain = await m.save({ name: 'Staging', baseUrl: 'http://staging.example.com' });
    expect(plain).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'baseUrl', message: expect.stringContaining('https') },
    });
    const withUser = await m.save({ name: 'Staging', baseUrl: 'https://me:pw@staging.example.com' });
    expect(withUser).toMatchObject({ ok: false, error: { kind: 'validation', field: 'baseUrl' } });
    for (const baseUrl of [
      'https://staging.example.com',
      'http://127.0.0.1:8080',
      'http://localhost:3000',
      'http://[::1]:9000',
    ]) {
      const r = await m.save({ name: `Env ${baseUrl}`, baseUrl });
      expect(r.ok, baseUrl).toBe(true);
    }
    const onDisk = JSON.parse(readFileSync(settingsPath(), 'utf8')) as Settings;
    expect(onDisk.environments.map((e) => e.baseUrl)).toEqual([
      'https://staging.example.com',
      'http://127.0.0.1:8080',
      'http://localhost:3000',
      'http://[::1]:9000',
    ]);
  });

  it('names the field for a missing name and refuses a duplicate name', async () => {
    const { m } = manager();
    expect(await m.save({ name: '  ', baseUrl: 'https://a.example.com' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'name', message: 'name is required' },
    });
    expect((await m.save({ name: 'Live', baseUrl: 'https://a.example.com' })).ok).toBe(true);
    expect(await m.save({ name: 'live', baseUrl: 'https://b.example.com' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'name' },
    });
    expect(await m.save({ name: 'Local sandbox', baseUrl: 'https://b.example.com' })).toMatchObject({
      ok: false,
      error: { field: 'name' },
    });
  });

  it('updates by id, keeps the local sandbox built in, and survives a restart', async () => {
    const { m } = manager();
    const created = await m.save({ name: 'Live', baseUrl: 'https://a.example.com' });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.data).toMatchObject({ name: 'Live', builtIn: false, hasKey: false, keyVerified: null });
    expect(created.data.id).toMatch(/^env-[0-9a-f]{8}$/);
    const renamed = await m.save({ id: created.data.id, name: 'Live (NG)', baseUrl: 'https://b.example.com' });
    expect(renamed).toMatchObject({
      ok: true,
      data: { id: created.data.id, name: 'Live (NG)', baseUrl: 'https://b.example.com' },
    });
    expect(await m.save({ id: 'local-sandbox', name: 'Mine', baseUrl: 'https://c.example.com' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'id' },
    });
    expect(await m.save({ id: 'env-nope', name: 'Other', baseUrl: 'https://c.example.com' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
    expect(await m.delete('local-sandbox')).toMatchObject({ ok: false, error: { kind: 'validation' } });

    const again = manager().m;
    const listed = await again.list();
    expect(listed.environments.map((e) => [e.id, e.name, e.builtIn])).toEqual([
      ['local-sandbox', 'Local sandbox', true],
      [created.data.id, 'Live (NG)', false],
    ]);
    expect(listed.activeId).toBe('local-sandbox');
  });
});
