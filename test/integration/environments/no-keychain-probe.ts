// Run as a child process by no-keychain.test.ts with no D-Bus session: the environment manager on the
// real KeytarSecretStore, trying to save and use a key. Prints what each step answered, as JSON.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src-main/logging/logger';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';
import { createEnvironmentManager } from '../../../src-main/environments/environment-manager';
import { settingsHandlers } from '../../../src-main/environments/handlers';
import { apiReadHandlers } from '../../../src-main/cards/service-reads';
import { startSandbox } from '../../../src-main/sandbox/index';

const key = process.argv[2]!;
const dataDir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'card-desk-nokeychain-'));
const service = await startSandbox({ customers: 10, seed: 5, key });
const logger = createLogger({ file: join(dataDir, 'logs', 'main.log'), level: 'debug' });
const manager = createEnvironmentManager({
  dataDir,
  secretStore: new KeytarSecretStore(),
  startLocalSandbox: () => Promise.reject(new Error('not used')),
  emit: () => {},
  logger,
});
const settings = settingsHandlers(manager);
const reads = apiReadHandlers(() => manager.active());
const ctx = { signal: new AbortController().signal };

const saved = await settings['environments.save']({ name: 'Live', baseUrl: service.url }, ctx);
const id = saved.ok ? saved.data.id : 'none';
const report = {
  save: saved,
  setKey: await settings['keys.set']({ environmentId: id, key }, ctx),
  hasKey: await settings['keys.has']({ environmentId: id }, ctx),
  activate: await settings['environments.activate']({ id }, ctx),
  read: await reads['disputes.list']({}, ctx),
  list: await settings['environments.list'](undefined, ctx),
  status: await settings['app.status'](undefined, ctx),
  requestsSent: service.requests().map((r) => r.url),
};
await manager.dispose();
await service.stop();
await logger.flush();
process.stdout.write(JSON.stringify(report));
