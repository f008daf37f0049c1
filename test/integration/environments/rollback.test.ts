// Every change that touches settings.json and the keychain either completes or leaves both as they were:
// one test per point where it can fail. The keychain is the real one; a failure is injected by a store
// that passes through to it except when told to fail once. settings.json fails for real: it is replaced
// by a folder, so writing it over fails.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/logging/logger';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { keyAccount } from '../../../src-main/environments/environment-keys';
import { createEnvironmentManager, type EnvironmentManager } from '../../../src-main/environments/environment-manager';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { requireTestKeychain, startUserService } from './support';

const KEY = 'sk_live_rollback_key_0001';
const NEW_KEY = 'sk_live_rollback_key_0002';

/** The real keychain, except that the next call of `failing` throws as a locked keychain would. */
class FlakyStore implements SecretStore {
  failing: keyof SecretStore | null = null;
  /** How many calls of `failing` go through before the one that fails. */
  passing = 0;
  constructor(readonly real = defaultSecretStore()) {}
  private check(op: keyof SecretStore): void {
    if (this.failing !== op) return;
    if (this.passing-- > 0) return;
    this.failing = null;
    this.passing = 0;
    throw new KeychainUnavailableError('locked', 'injected');
  }
  async get(account: string) {
    this.check('get');
    return this.real.get(account);
  }
  async set(account: string, secret: string) {
    this.check('set');
    return this.real.set(account, secret);
  }
  async delete(account: string) {
    this.check('delete');
    return this.real.delete(account);
  }
  async accounts() {
    this.check('accounts');
    return this.real.accounts();
  }
}

let service: SandboxHandle;
let dataDir: string;
let store: FlakyStore;
let manager: EnvironmentManager;
let envId: string;
let account: string;

beforeAll(async () => {
  requireTestKeychain();
  service = await startUserService(KEY);
});
afterAll(async () => {
  await service.stop();
});
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-rollback-'));
  store = new FlakyStore();
  manager = createEnvironmentManager({
    dataDir,
    secretStore: store,
    startLocalSandbox: async () => {
      throw new Error('not used');
    },
    emit: () => undefined,
    logger: createLogger({ file: join(dataDir, 'main.log') }),
    client: { timeouts: { headersMs: 2_000, totalMs: 3_000 }, retry: { maxAttempts: 1 } },
  });
  const saved = await manager.save({ name: 'Live', baseUrl: service.url });
  if (!saved.ok) throw new Error(saved.error.message);
  envId = saved.data.id;
  account = keyAccount(saved.data);
  expect(await manager.setKey({ environmentId: envId, key: KEY })).toMatchObject({ ok: true });
});
afterEach(async () => {
  store.failing = null;
  store.passing = 0;
  await manager.dispose();
  await store.real.delete(account);
  rmSync(dataDir, { recursive: true, force: true });
});

const settingsPath = () => join(dataDir, 'settings.json');
const settingsText = () => readFileSync(settingsPath(), 'utf8');
/** From now on settings.json cannot be written: a folder with something in it stands where it was. */
function breakSettingsFile(): string {
  const before = settingsText();
  rmSync(settingsPath());
  mkdirSync(settingsPath());
  writeFileSync(join(settingsPath(), 'keep'), 'x');
  return before;
}
function repairSettingsFile(text: string): void {
  rmSync(settingsPath(), { recursive: true });
  writeFileSync(settingsPath(), text);
}

describe('deleting an environment', () => {
  it('a keychain that fails to delete keeps the key and the environment', async () => {
    store.failing = 'delete';
    const r = await manager.delete(envId);
    expect(!r.ok && r.error.kind).toBe('keychain_unavailable');
    expect(await store.real.get(account)).toBe(KEY);
    expect((await manager.list()).environments.map((e) => e.id)).toContain(envId);
    expect(JSON.parse(settingsText()).environments).toHaveLength(1);
  });

  /** Moves the environment to a second address (the same service under another host name) with its own key. */
  async function moveWithKey(): Promise<string> {
    const moved = await manager.save({
      id: envId,
      name: 'Live',
      baseUrl: service.url.replace('127.0.0.1', 'localhost'),
    });
    if (!moved.ok) throw new Error(moved.error.message);
    const r = await manager.setKey({ environmentId: envId, key: KEY });
    expect(r).toMatchObject({ ok: true });
    const second = keyAccount(moved.data);
    expect(second).not.toBe(account);
    return second;
  }

  it('removes the keys of every address the environment had', async () => {
    const second = await moveWithKey();
    expect(await store.real.get(account)).toBe(KEY);
    const r = await manager.delete(envId);
    expect(r).toEqual({ ok: true, data: { deleted: true } });
    expect(await store.real.get(account)).toBeNull();
    expect(await store.real.get(second)).toBeNull();
    expect((await store.real.accounts()).filter((a) => a.startsWith(`${envId} `))).toEqual([]);
  });

  it('a keychain that fails on the second key puts the first back and keeps the environment', async () => {
    const second = await moveWithKey();
    store.failing = 'delete';
    store.passing = 1;
    const r = await manager.delete(envId);
    expect(!r.ok && r.error.kind).toBe('keychain_unavailable');
    expect(!r.ok && r.error.message).toContain('The environment and its API keys are kept.');
    expect(await store.real.get(account)).toBe(KEY);
    expect(await store.real.get(second)).toBe(KEY);
    expect((await manager.list()).environments.map((e) => e.id)).toContain(envId);
    await store.real.delete(second);
  });

  it('settings that cannot be written put the key back', async () => {
    const before = breakSettingsFile();
    const r = await manager.delete(envId);
    expect(!r.ok && r.error.kind).toBe('internal');
    expect(await store.real.get(account)).toBe(KEY);
    expect((await manager.list()).environments.map((e) => e.id)).toContain(envId);
    repairSettingsFile(before);
  });
});

describe('saving a key', () => {
  it('a keychain that fails to save changes nothing', async () => {
    store.failing = 'set';
    const r = await manager.setKey({ environmentId: envId, key: KEY });
    expect(!r.ok && r.error.kind).toBe('keychain_unavailable');
    expect(await store.real.get(account)).toBe(KEY);
    expect(JSON.parse(settingsText()).environments[0].keyVerified).toBe(true);
  });

  it('settings that cannot be written put the previous key back', async () => {
    // The service cannot be reached to check the new key, so it is saved unverified, as the operator allows.
    service.faults.add({ kind: 'reset', count: 1 });
    const before = breakSettingsFile();
    const r = await manager.setKey({ environmentId: envId, key: NEW_KEY, allowUnverified: true });
    expect(!r.ok && r.error.kind).toBe('internal');
    expect(await store.real.get(account)).toBe(KEY);
    repairSettingsFile(before);
  });

  it('settings that cannot be written remove a first key again', async () => {
    await manager.deleteKey(envId);
    const before = breakSettingsFile();
    const r = await manager.setKey({ environmentId: envId, key: KEY });
    expect(!r.ok && r.error.kind).toBe('internal');
    expect(await store.real.get(account)).toBeNull();
    repairSettingsFile(before);
    expect(await manager.hasKey(envId)).toEqual({ ok: true, data: { present: false, verified: null } });
  });
});

describe('deleting a key', () => {
  it('a keychain that fails to delete keeps the key', async () => {
    store.failing = 'delete';
    const r = await manager.deleteKey(envId);
    expect(!r.ok && r.error.kind).toBe('keychain_unavailable');
    expect(await store.real.get(account)).toBe(KEY);
    expect(JSON.parse(settingsText()).environments[0].keyVerified).toBe(true);
  });

  it('settings that cannot be written put the key back', async () => {
    const before = breakSettingsFile();
    const r = await manager.deleteKey(envId);
    expect(!r.ok && r.error.kind).toBe('internal');
    expect(await store.real.get(account)).toBe(KEY);
    repairSettingsFile(before);
  });
});

describe('changing environments', () => {
  it('settings that cannot be written leave an edited environment as it was', async () => {
    const before = breakSettingsFile();
    const r = await manager.save({
      id: envId,
      name: 'Renamed',
      baseUrl: service.url.replace('127.0.0.1', 'localhost'),
    });
    expect(!r.ok && r.error.kind).toBe('internal');
    const listed = (await manager.list()).environments.find((e) => e.id === envId);
    expect(listed).toMatchObject({ name: 'Live', baseUrl: service.url, hasKey: true });
    repairSettingsFile(before);
  });

  it('settings that cannot be written leave the active environment as it was', async () => {
    const before = breakSettingsFile();
    const r = await manager.activate(envId);
    expect(!r.ok && r.error.kind).toBe('internal');
    expect(manager.status().environment.id).toBe('local-sandbox');
    repairSettingsFile(before);
  });
});
