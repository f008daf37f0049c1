// The environment manager with the real keychain, real sandboxes over HTTP and real files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src-shared/ipc/channels/settings';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { NO_KEY } from '../../../src-main/api/failures';
import type { EnvironmentChange } from '../../../src-main/environments/environment-manager';
import { keyAccount } from '../../../src-main/environments/environment-keys';
import { closedPort } from '../api/support';
import { createManagerRig, requireTestKeychain, startUserService, type ManagerRig } from './support';

const USER_KEY = 'sk_live_user_service_key_0001';
let service: SandboxHandle;
let rig: ManagerRig;

beforeAll(async () => {
  requireTestKeychain();
  service = await startUserService(USER_KEY);
});
afterAll(async () => {
  await service.stop();
});
beforeEach(() => {
  rig = createManagerRig();
});
afterEach(async () => {
  service.faults.clear();
  await rig.close();
});

const statuses = () => rig.events.filter((e) => e.name === 'app.status').map((e) => e.payload as AppStatus);
async function addUserEnvironment(name = 'Live', baseUrl = service.url) {
  const saved = await rig.manager.save({ name, baseUrl });
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.data;
}

describe('the local sandbox environment', () => {
  it('is the default, and starts only when first used', async () => {
    expect(rig.manager.status()).toMatchObject({
      environment: { id: 'local-sandbox', builtIn: true, hasKey: true },
      connection: 'unknown',
    });
    await rig.manager.list();
    expect(rig.localStarts).toHaveLength(0);
    const active = await rig.manager.active();
    expect(rig.localStarts).toHaveLength(1);
    await rig.manager.active();
    expect(rig.localStarts).toHaveLength(1);
    expect(active.environment.baseUrl).toBe(rig.localStarts[0]!.url);
    expect(active.dataDir).toBe(join(rig.dataDir, 'environments', 'local-sandbox'));
    expect(existsSync(active.dataDir)).toBe(true);
    expect((await active.api.listDisputes({})).ok).toBe(true);
    expect(rig.manager.status().connection).toBe('online');
    expect(rig.manager.status().rateLimit).toMatchObject({ limit: 600 });
  });

  it('keeps its generated key in memory only: not in the keychain, not on disk', async () => {
    const active = await rig.manager.active();
    expect((await active.api.listCustomers({ limit: 1 })).ok).toBe(true);
    expect(await rig.secretStore.get('local-sandbox')).toBeNull();
    const key = rig.localStarts[0]!.key;
    await rig.logger.flush();
    expect(readFileSync(rig.logFile, 'utf8')).not.toContain(key);
    if (existsSync(join(rig.dataDir, 'settings.json')))
      expect(readFileSync(join(rig.dataDir, 'settings.json'), 'utf8')).not.toContain(key);
  });

  it('tells the status bar the rate limit at most 4 times a second, however many answers come', async () => {
    const active = await rig.manager.active();
    expect((await active.api.listDisputes({})).ok).toBe(true);
    // Let the first answer's status (the connection now online) go out, then count.
    await new Promise((r) => setTimeout(r, 300));
    const before = statuses().length;
    const started = performance.now();
    for (let i = 0; i < 40; i++) expect((await active.api.listDisputes({})).ok).toBe(true);
    const elapsed = performance.now() - started;
    const told = statuses().length - before;
    // Forty answers, each changing the remaining count: at most one status per 250 ms (and one pending).
    expect(told).toBeLessThanOrEqual(Math.floor(elapsed / 250) + 2);
    // The last figure still arrives.
    await new Promise((r) => setTimeout(r, 300));
    expect(statuses().at(-1)!.rateLimit).toEqual(rig.manager.status().rateLimit);
  });

  it('takes no user key', async () => {
    expect(await rig.manager.setKey({ environmentId: 'local-sandbox', key: 'sk_live_whatever_1234' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'environmentId' },
    });
    expect(await rig.manager.hasKey('local-sandbox')).toEqual({ ok: true, data: { present: true, verified: true } });
  });

  it('is stopped by dispose', async () => {
    const active = await rig.manager.active();
    await rig.manager.dispose();
    const r = await active.api.listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});

describe('saving a key verifies it first', () => {
  it('a valid key is saved to the keychain and marked verified (a flag, never the key, in settings.json)', async () => {
    const env = await addUserEnvironment();
    expect(await rig.manager.setKey({ environmentId: env.id, key: USER_KEY })).toEqual({
      ok: true,
      data: { verified: true },
    });
    // Filed under the environment and the address it was verified for, never under the bare id.
    expect(await rig.secretStore.get(keyAccount(env))).toBe(USER_KEY);
    expect(await rig.secretStore.get(env.id)).toBeNull();
    expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: true, verified: true } });
    const settings = readFileSync(join(rig.dataDir, 'settings.json'), 'utf8');
    expect(settings).not.toContain(USER_KEY);
    expect(JSON.parse(settings).environments[0]).toEqual({
      id: env.id,
      name: 'Live',
      baseUrl: service.url,
      keyVerified: true,
      kind: 'production',
    });
    const verification = service.requests().at(-1)!;
    expect(verification).toMatchObject({ method: 'GET', url: '/customers?limit=1', status: 200 });
    await rig.manager.deleteKey(env.id);
  });

  it("a key the service rejects (401) is refused with the server's message, and not saved", async () => {
    const env = await addUserEnvironment();
    const r = await rig.manager.setKey({ environmentId: env.id, key: 'sk_live_wrong_key_0000' });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', field: 'key', status: 401, message: expect.stringMatching(/valid API key/i) },
    });
    expect(r.ok || r.error.message).not.toContain('sk_live_wrong_key_0000');
    expect(await rig.secretStore.get(env.id)).toBeNull();
    expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: false, verified: null } });
  });

  it('an unreachable service: refused with a network error unless saving unverified is allowed', async () => {
    const env = await addUserEnvironment('Unreachable', `http://127.0.0.1:${await closedPort()}`);
    const refused = await rig.manager.setKey({ environmentId: env.id, key: 'sk_live_unverifiable_01' });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'network', field: 'key', message: expect.stringContaining('could not be verified') },
    });
    expect(await rig.secretStore.get(env.id)).toBeNull();

    const saved = await rig.manager.setKey({
      environmentId: env.id,
      key: 'sk_live_unverifiable_01',
      allowUnverified: true,
    });
    expect(saved).toEqual({ ok: true, data: { verified: false } });
    expect(await rig.secretStore.get(keyAccount(env))).toBe('sk_live_unverifiable_01');
    expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: true, verified: false } });
    expect(JSON.parse(readFileSync(join(rig.dataDir, 'settings.json'), 'utf8')).environments[0].keyVerified).toBe(
      false,
    );
    expect((await rig.manager.list()).environments[1]).toMatchObject({ id: env.id, hasKey: true, keyVerified: false });
    expect(await rig.manager.deleteKey(env.id)).toEqual({ ok: true, data: { deleted: true } });
    expect(await rig.secretStore.get(env.id)).toBeNull();
    expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: false, verified: null } });
  });

  it('a service that keeps failing (503) cannot verify either', async () => {
    const env = await addUserEnvironment();
    service.faults.add({ kind: 'status', status: 503 });
    const r = await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'server', field: 'key', message: expect.stringContaining('could not be verified') },
    });
    expect(await rig.secretStore.get(env.id)).toBeNull();
  });

  it('an unknown environment is not_found', async () => {
    expect(await rig.manager.setKey({ environmentId: 'env-missing', key: USER_KEY })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});

describe('switching environments', () => {
  it('activate switches the client, tells listeners and the renderer, and survives a restart', async () => {
    const env = await addUserEnvironment();
    await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    const changes: EnvironmentChange[] = [];
    rig.manager.onChange((c) => {
      changes.push(c);
    });
    const r = await rig.manager.activate(env.id);
    expect(r).toMatchObject({
      ok: true,
      data: { environment: { id: env.id, hasKey: true, keyVerified: true }, connection: 'unknown' },
    });
    expect(changes).toEqual([
      {
        environment: expect.objectContaining({ id: env.id }),
        dataDir: join(rig.dataDir, 'environments', env.id, service.url.replace('://', '_').replace(':', '_')),
        previousId: 'local-sandbox',
      },
    ]);
    expect(statuses().at(-1)!.environment.id).toBe(env.id);

    const active = await rig.manager.active();
    expect(active.api.baseUrl).toBe(service.url);
    service.clearRequests();
    expect((await active.api.listCustomers({ limit: 2 })).ok).toBe(true);
    expect(service.requests()).toHaveLength(1);
    expect(statuses().at(-1)!.connection).toBe('online');
    expect(rig.localStarts).toHaveLength(0); // the local sandbox was never needed

    await rig.manager.dispose();
    const restarted = createManagerRig(rig.dataDir);
    expect(restarted.manager.status().environment.id).toBe(env.id);
    await restarted.manager.dispose();
    await rig.manager.deleteKey(env.id);
  });

  it('an unknown id is not_found and nothing changes', async () => {
    expect(await rig.manager.activate('env-missing')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(rig.manager.status().environment.id).toBe('local-sandbox');
  });

  it('the connection state follows the outcomes: unauthorized, rate_limited, offline, online', async () => {
    const env = await addUserEnvironment();
    await rig.manager.activate(env.id);
    const { api } = await rig.manager.active();

    expect(await api.listDisputes({})).toEqual({
      ok: false,
      error: { kind: 'unauthorized', message: NO_KEY, keyMissing: true },
    });
    expect(rig.manager.status().connection).toBe('unauthorized');

    await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    service.faults.add({ kind: 'rate_limit', retryAfterSeconds: 60, count: 1 });
    expect((await api.listDisputes({})).ok).toBe(false);
    expect(rig.manager.status().connection).toBe('rate_limited');
    expect(rig.manager.status().rateLimit).toMatchObject({ remaining: 0 });

    service.faults.add({ kind: 'reset' });
    const fresh = (await rig.manager.active()).api; // same client: its 429 wait is still pending
    expect(fresh).toBe(api);
    await rig.manager.save({ id: env.id, name: 'Live', baseUrl: service.url.replace('127.0.0.1', 'localhost') });
    const moved = (await rig.manager.active()).api;
    expect(moved).not.toBe(api);
    // The new address has no key until one is entered for it (the service is unreachable: saved unverified).
    expect(await rig.manager.setKey({ environmentId: env.id, key: USER_KEY, allowUnverified: true })).toEqual({
      ok: true,
      data: { verified: false },
    });
    expect((await moved.listDisputes({})).ok).toBe(false);
    expect(rig.manager.status().connection).toBe('offline');

    service.faults.clear();
    expect((await moved.listDisputes({})).ok).toBe(true);
    expect(rig.manager.status().connection).toBe('online');
    expect(statuses().map((s) => s.connection)).toEqual(
      expect.arrayContaining(['unauthorized', 'rate_limited', 'offline', 'online']),
    );
    await rig.manager.deleteKey(env.id);
  });

  it('moving an environment to a new address leaves its key behind: nothing is sent there until a key is entered for it', async () => {
    const env = await addUserEnvironment();
    await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    await rig.manager.activate(env.id);
    const before = await rig.manager.active();
    const other = await startUserService('sk_live_other_service_0002');
    try {
      const moved = await rig.manager.save({ id: env.id, name: 'Live', baseUrl: other.url });
      // Its caches (customers, known cards) live in a folder of the new address: the old one's never show.
      expect((await rig.manager.active()).dataDir).not.toBe(before.dataDir);
      expect(moved).toMatchObject({ ok: true, data: { hasKey: false, keyVerified: null } });
      const { api } = await rig.manager.active();
      expect(api.baseUrl).toBe(other.url);
      expect(await api.listDisputes({})).toEqual({
        ok: false,
        error: { kind: 'unauthorized', message: NO_KEY, keyMissing: true },
      });
      expect(other.requests()).toHaveLength(0);
      // The old key is not accepted for the new address: verification fails there, and nothing is saved.
      const wrong = await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
      expect(!wrong.ok && wrong.error.kind).toBe('unauthorized');
      expect(await rig.secretStore.get(keyAccount({ id: env.id, baseUrl: other.url }))).toBeNull();
      expect(await rig.manager.setKey({ environmentId: env.id, key: 'sk_live_other_service_0002' })).toMatchObject({
        ok: true,
      });
      other.clearRequests();
      expect((await api.listDisputes({})).ok).toBe(true);
      expect(other.requests().map((r) => r.status)).toEqual([200]);
      // Moving back finds the key that belongs to the first address.
      await rig.manager.save({ id: env.id, name: 'Live', baseUrl: service.url });
      expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: true, verified: true } });
      await rig.manager.deleteKey(env.id);
      await rig.secretStore.delete(keyAccount({ id: env.id, baseUrl: other.url }));
    } finally {
      await other.stop();
    }
  });

  it('a key from before keys were filed per address is adopted for the address it was verified at', async () => {
    const env = await addUserEnvironment();
    await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    // As an earlier Card Desk left it: under the bare environment id.
    await rig.secretStore.delete(keyAccount(env));
    await rig.secretStore.set(env.id, USER_KEY);
    expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: true, verified: true } });
    expect(await rig.secretStore.get(keyAccount(env))).toBe(USER_KEY);
    expect(await rig.secretStore.get(env.id)).toBeNull();
    await rig.manager.deleteKey(env.id);
  });

  it('an old key whose address is not known to be its own is not adopted', async () => {
    const env = await addUserEnvironment();
    await rig.secretStore.set(env.id, USER_KEY);
    expect(await rig.manager.hasKey(env.id)).toEqual({ ok: true, data: { present: false, verified: null } });
    expect(await rig.secretStore.get(keyAccount(env))).toBeNull();
    await rig.secretStore.delete(env.id);
  });

  it('a re-added environment finds no key from an earlier one', async () => {
    const first = await addUserEnvironment('Live', service.url);
    await rig.manager.setKey({ environmentId: first.id, key: USER_KEY });
    expect(await rig.manager.delete(first.id)).toEqual({ ok: true, data: { deleted: true } });
    const again = await addUserEnvironment('Live', service.url);
    expect(await rig.manager.hasKey(again.id)).toEqual({ ok: true, data: { present: false, verified: null } });
  });

  it('lastSyncedAt is set by others and reset by a switch', async () => {
    const env = await addUserEnvironment();
    rig.manager.setLastSyncedAt('2026-11-22T09:00:00.000Z');
    expect(statuses().at(-1)!.lastSyncedAt).toBe('2026-11-22T09:00:00.000Z');
    await rig.manager.activate(env.id);
    expect(rig.manager.status().lastSyncedAt).toBeNull();
  });
});

describe('deleting an environment', () => {
  it('removes its key and folder, and falls back to the local sandbox when it was active', async () => {
    const env = await addUserEnvironment();
    await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    await rig.manager.activate(env.id);
    const { dataDir } = await rig.manager.active();
    expect(existsSync(dataDir)).toBe(true);
    const changes: EnvironmentChange[] = [];
    rig.manager.onChange((c) => {
      changes.push(c);
    });
    expect(await rig.manager.delete(env.id)).toEqual({ ok: true, data: { deleted: true } });
    expect(await rig.secretStore.get(keyAccount(env))).toBeNull();
    expect(existsSync(dataDir)).toBe(false);
    expect(rig.manager.status().environment.id).toBe('local-sandbox');
    expect(changes.map((c) => [c.previousId, c.environment.id])).toEqual([[env.id, 'local-sandbox']]);
    expect((await rig.manager.list()).environments.map((e) => e.id)).toEqual(['local-sandbox']);
    expect(await rig.manager.delete(env.id)).toEqual({ ok: true, data: { deleted: false } });
  });
});
