// Run as a child process by no-keychain.test.ts with no D-Bus session: the environment manager on the
// real KeytarSecretStore, trying to save and use a key. Prints what each step answered, as JSON.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src-main/logging/logger';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';
import { createEnvironmentManager } from '../../../src-main/environments/environment-manager';
import { settingsHandlers } from '../../../src-main/environments/handlers';
import { appHandlers } from '../../../src-main/app/handlers';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { serviceReadHandlers } from '../support/read-handlers';
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
const cancels = new CancelRegistry();
// Through the dispatcher, as the window calls: its error boundary answers what a handler throws.
const dispatch = createDispatcher({
  handlers: {
    ...settingsHandlers(manager),
    ...appHandlers({ status: () => manager.status(), cancels, openExternal: async () => {} }),
    ...serviceReadHandlers(() => manager.active()),
  } as unknown as HandlerTable,
  allowedOrigins: [APP_ORIGIN],
  cancels,
  logger,
});
const sender = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };
const call = (channel: string, input?: unknown) => dispatch(channel, sender, input);

const saved = await call('environments.save', { name: 'Live', baseUrl: service.url });
const id = saved.ok ? (saved.data as { id: string }).id : 'none';
const report = {
  save: saved,
  setKey: await call('keys.set', { environmentId: id, key }),
  hasKey: await call('keys.has', { environmentId: id }),
  activate: await call('environments.activate', { id }),
  read: await call('disputes.list', {}),
  list: await call('environments.list'),
  status: await call('app.status'),
  requestsSent: service.requests().map((r) => r.url),
};
await manager.dispose();
await service.stop();
await logger.flush();
process.stdout.write(JSON.stringify(report));
