// A whole session through the IPC handlers — keys saved, used, rejected, revoked and deleted — then
// every handler answer, every event, the log and every file in the data folder are searched for a key.
import { keyAccount } from '../../../src-main/environments/environment-keys';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Channel } from '../../../src-shared/ipc/contract';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { resultSchema } from '../../../src-shared/ipc/result';
import { appHandlers } from '../../../src-main/app/handlers';
import { settingsHandlers } from '../../../src-main/environments/handlers';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { closedPort } from '../api/support';
import { createManagerRig, requireTestKeychain, startUserService, type ManagerRig } from './support';
import { serviceReadHandlers } from '../support/read-handlers';

const USER_KEY = 'sk_live_leakcheck_valid_7d41c9';
const WRONG_KEY = 'sk_live_leakcheck_wrong_05be22';
const UNVERIFIED_KEY = 'sk_live_leakcheck_unverified_a17f';
const REVOKED_KEY = 'sk_live_leakcheck_revoked_9c3e';

let service: SandboxHandle;
let rig: ManagerRig;
const answers: { channel: Channel; result: unknown }[] = [];

beforeAll(async () => {
  requireTestKeychain();
  service = await startUserService(USER_KEY);
  rig = createManagerRig();
});
afterAll(async () => {
  await rig.close();
  await service.stop();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('a session with keys', () => {
  it('never lets a key out of the keychain', async () => {
    const { logger } = rig;
    const handlers = {
      ...settingsHandlers(rig.manager),
      ...appHandlers({
        status: () => rig.manager.status(),
        cancels: new CancelRegistry(),
        openExternal: async () => {},
      }),
      ...serviceReadHandlers(() => rig.manager.active()),
    };
    // Through the dispatcher, as the window calls: its error boundary logs every failure, and that log is
    // searched too.
    const dispatch = createDispatcher({
      handlers: handlers as unknown as HandlerTable,
      allowedOrigins: [APP_ORIGIN],
      cancels: new CancelRegistry(),
      logger,
    });
    const sender = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };
    async function call<C extends keyof typeof handlers>(channel: C, input: Parameters<(typeof handlers)[C]>[0]) {
      const result = await dispatch(channel, sender, input);
      const shape = resultSchema(contract[channel].output).safeParse(result);
      expect(shape.success, `${channel} answered outside its contract: ${JSON.stringify(result).slice(0, 200)}`).toBe(
        true,
      );
      answers.push({ channel, result });
      return result as { ok: boolean; data?: any; error?: any };
    }
    const f = service.fixtures;
    const reads = async () => {
      await call('customers.list', { page: 0, limit: 5 });
      await call('authorizations.list', { limit: 5 });
      await call('cards.transactions', { cardId: f.cards[0]!.id, limit: 5 });
      await call('cards.balance', { cardId: f.cards[0]!.id });
      await call('accounts.list', { currency: 'ALL' });
      await call('accounts.nameEnquiry', {
        bankCode: f.bankAccounts[0]!.bankCode,
        accountNumber: f.bankAccounts[0]!.accountNumber,
      });
      await call('disputes.list', {});
      await call('fundingSources.list', {});
      await call('fundingSources.get', { id: f.fundingSources[0]!.id });
    };

    // The local sandbox first, with its generated key.
    await call('environments.list', {});
    await reads();
    const localKey = rig.localStarts[0]!.key;

    // The user's own service.
    const live = await call('environments.save', { name: 'Live', baseUrl: service.url });
    const liveId = live.data.id as string;
    expect((await call('keys.set', { environmentId: liveId, key: WRONG_KEY })).error).toMatchObject({
      kind: 'unauthorized',
      field: 'key',
    });
    expect(await call('keys.set', { environmentId: liveId, key: USER_KEY })).toEqual({
      ok: true,
      data: { verified: true },
    });
    await call('keys.has', { environmentId: liveId });
    await call('environments.activate', { id: liveId });
    await reads();
    await call('app.status', {});

    // The key is revoked behind Card Desk's back: calls fail with 401.
    await rig.secretStore.set(keyAccount({ id: liveId, baseUrl: service.url }), REVOKED_KEY);
    expect((await call('disputes.list', {})).error).toMatchObject({ kind: 'unauthorized' });
    expect((await call('app.status', {})).data.connection).toBe('unauthorized');

    // A service that cannot be reached: refused, then saved unverified.
    const away = await call('environments.save', { name: 'Away', baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const awayId = away.data.id as string;
    expect((await call('keys.set', { environmentId: awayId, key: UNVERIFIED_KEY })).error).toMatchObject({
      kind: 'network',
    });
    expect(await call('keys.set', { environmentId: awayId, key: UNVERIFIED_KEY, allowUnverified: true })).toEqual({
      ok: true,
      data: { verified: false },
    });
    await call('environments.activate', { id: awayId });
    expect((await call('customers.list', {})).error).toMatchObject({ kind: 'network' });
    await call('environments.list', {});

    // Delete everything.
    await call('keys.delete', { environmentId: liveId });
    await call('environments.delete', { id: awayId });
    await call('environments.delete', { id: liveId });
    await call('app.status', {});
    expect(await rig.secretStore.get(keyAccount({ id: liveId, baseUrl: service.url }))).toBeNull();
    expect(await rig.secretStore.get(keyAccount({ id: awayId, baseUrl: away.data.baseUrl as string }))).toBeNull();

    // The search must have something to search.
    await logger.flush();
    const log = readFileSync(rig.logFile, 'utf8');
    expect(answers.length).toBeGreaterThan(30);
    expect(rig.events.length).toBeGreaterThan(3);
    expect(log.split('\n').filter((l) => l.includes('"api call"')).length).toBeGreaterThan(15);
    const files = filesUnder(rig.dataDir);
    expect(files).toContain(join(rig.dataDir, 'settings.json'));

    const haystacks: [string, string][] = [
      ['handler answers', JSON.stringify(answers)],
      ['app.status events', JSON.stringify(rig.events)],
      ...files.map((file): [string, string] => [file, readFileSync(file, 'latin1')]),
    ];
    for (const key of [USER_KEY, WRONG_KEY, UNVERIFIED_KEY, REVOKED_KEY, localKey]) {
      for (const [where, text] of haystacks) expect(text.includes(key), `a key was found in ${where}`).toBe(false);
    }
    for (const [where, text] of haystacks)
      expect(/bearer\s/i.test(text), `an Authorization value was found in ${where}`).toBe(false);
    console.log(
      `searched ${answers.length} handler answers, ${rig.events.length} events and ${files.length} files (${files.map((f) => f.slice(rig.dataDir.length + 1)).join(', ')})`,
    );
  });
});
