// What every service of the app core stands on, opened first and in this order: the policy, the log, the data
// folder (caches past their retention deleted, their keys forgotten), the keychain, the app lock (first, so
// that while it is locked only the lock's, the status's and updates' events reach the window), the
// environments, and the journal of writes.
import path from 'node:path';
import { DEFAULT_CACHE_RETENTION_DAYS } from '../cache/store/retention';
import { forgetRetiredKeys, retiredKeysNotice } from '../cache/store/retired-keys';
import { createEnvironmentManager, type EnvironmentManager } from '../environments/environment-manager';
import { exportSigner } from '../journal/export-signature';
import { JournalInUse } from '../journal/journal-in-use';
import { journalAccounts } from '../journal/journal-keys';
import { defaultSecretStore } from '../keychain/default-secret-store';
import type { SecretStore } from '../keychain/secret-store';
import type { AppLock } from '../lock/app-lock';
import { createLogger, type AppLogger } from '../logging/logger';
import { NO_POLICY, type Policy } from '../policy/policy';
import type { Emit } from '../ports/ports';
import type { AppCoreOptions } from './app-core-options';
import { LocalSandboxes } from './local-sandbox';
import { openAppLock } from './lock-setup';
import { prepareDataFolder } from './prepare-data-folder';

export interface Foundation {
  policy: Policy;
  logger: AppLogger;
  /** Days a customer cache (and a batch's file) is kept unopened. */
  retentionDays: number;
  secretStore: SecretStore;
  lock: AppLock;
  /** The `emit` every room is given: held back while Card Desk is locked. */
  emit: Emit;
  sandboxes: LocalSandboxes;
  environments: EnvironmentManager;
  journal: JournalInUse;
  journalSigner: ReturnType<typeof exportSigner>;
}

export async function openFoundation(options: AppCoreOptions): Promise<Foundation> {
  const { dataDir } = options;
  const policy = options.policy ?? NO_POLICY;
  const logger = options.logger ?? createLogger({ file: path.join(dataDir, 'logs', 'main.log') });
  const retentionDays = options.cacheRetentionDays ?? policy.cacheRetentionDays ?? DEFAULT_CACHE_RETENTION_DAYS;
  const retiredCaches = prepareDataFolder(dataDir, retentionDays, logger);
  const sandboxes = new LocalSandboxes(options.localSandbox, logger);
  const secretStore = options.secretStore ?? defaultSecretStore(options.keychainHost);
  const { lock, emit } = await openAppLock(options, { policy, secretStore, emit: options.emit, logger });
  const environments = createEnvironmentManager({
    dataDir,
    secretStore,
    emit,
    logger,
    ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
    ...(options.apiClient ? { client: options.apiClient } : {}),
    policy,
    ...(options.localSandboxFirstSync === undefined ? {} : { localSandboxFirstSync: options.localSandboxFirstSync }),
    startLocalSandbox: () => sandboxes.start(),
  });
  // The keys of the caches retention deleted go too, before any cache opens.
  const retired = await forgetRetiredKeys({ store: secretStore, dataDir, deletedFiles: retiredCaches, logger });
  if (retired.problem) environments.notice(retiredKeysNotice(retired.left.length, retired.problem), true);
  const journal = await JournalInUse.open({
    dataDir,
    secrets: secretStore,
    logger,
    notice: (text, on) => environments.notice(text, on),
  });
  const journalSigner = exportSigner(secretStore, journalAccounts(dataDir).exportKey, logger);
  return { policy, logger, retentionDays, secretStore, lock, emit, sandboxes, environments, journal, journalSigner };
}
