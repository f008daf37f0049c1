// A real environment manager for tests: real keychain, real local sandbox, real files in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName } from '../../../src-shared/ipc/names';
import { startSandbox } from '../../../src-main/sandbox/index';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { createLogger, type AppLogger } from '../../../src-main/logging/logger';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { createEnvironmentManager, type EnvironmentManager } from '../../../src-main/environments/environment-manager';

export interface ManagerRig {
  dataDir: string;
  manager: EnvironmentManager;
  events: { name: EventName; payload: unknown }[];
  /** Local sandboxes started so far. */
  localStarts: SandboxHandle[];
  logFile: string;
  /** The manager's logger, at debug (every API attempt); flush it before reading logFile. */
  logger: AppLogger;
  /** The keychain as the app reaches it on this platform (on Linux: through a keychain host process). */
  secretStore: SecretStore & { dispose?(): void };
  close(): Promise<void>;
}

export function requireTestKeychain(): void {
  if (process.env.CARD_DESK_KEYCHAIN !== 'gnome-keyring') {
    throw new Error(
      'These tests need the test keychain: run them with bash test/run-with-keychain.sh npx vitest run ...',
    );
  }
}

export function createManagerRig(dataDir = mkdtempSync(join(tmpdir(), 'card-desk-env-'))): ManagerRig {
  const events: ManagerRig['events'] = [];
  const localStarts: SandboxHandle[] = [];
  const logFile = join(dataDir, 'logs', 'main.log');
  const logger = createLogger({ file: logFile, level: 'debug' });
  const secretStore: ManagerRig['secretStore'] = defaultSecretStore();
  const manager = createEnvironmentManager({
    dataDir,
    secretStore,
    startLocalSandbox: async () => {
      const handle = await startSandbox({ customers: 40, seed: 11 });
      localStarts.push(handle);
      return { url: handle.url, key: handle.key, stop: () => handle.stop() };
    },
    emit: (name, payload) => events.push({ name, payload: structuredClone(payload) }),
    logger,
    client: {
      timeouts: { headersMs: 1_000, totalMs: 3_000 },
      retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 50, maxWaitMs: 3_000 },
    },
  });
  return {
    dataDir,
    manager,
    events,
    localStarts,
    logFile,
    logger,
    secretStore,
    async close() {
      await manager.dispose();
      secretStore.dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The user's own card service: another sandbox with a key we chose. */
export const startUserService = (key: string) => startSandbox({ customers: 30, seed: 3, key });
