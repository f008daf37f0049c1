// The environments the user added and which one is active, as settings.json holds them. Every change is
// written to disk before it counts: if the write fails, the change is undone and the caller is told.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, environmentInputSchema } from '../../src-shared/ipc/channels/settings';
import { err, validationError, type AppError, type Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import {
  SETTINGS_FILE_NAME,
  loadSettings,
  writeSettings,
  type Settings,
  type StoredEnvironment,
} from './settings-file';
import { errorMessage } from '../errors/error-message';
import { NO_POLICY } from '../policy/policy';
import {
  LOCAL_SANDBOX_REFUSAL,
  USER_ENVIRONMENTS_REFUSAL,
  managedRefusal,
  overlayPolicy,
  type EnvironmentsPolicy,
} from './managed-environments';

export const LOCAL_SANDBOX_NAME = 'Local sandbox';

export interface EnvironmentInput {
  id?: string;
  name: string;
  baseUrl: string;
  kind?: 'production' | 'test';
}

/** What `save` did. */
export interface Saved {
  environment: StoredEnvironment;
  /** Its address changed. */
  moved: boolean;
  /** Puts the settings back as they were (memory and disk). */
  undo: () => Promise<void>;
}

export interface Environments {
  readonly settingsFile: string;
  /** What the file said when it was read (moved aside, entries dropped). */
  readonly loadNotices: string[];
  activeId(): string;
  all(): StoredEnvironment[];
  get(id: string): StoredEnvironment | undefined;
  /** Adds (no id) or changes an environment; validated, names unique. */
  save(input: EnvironmentInput): Promise<Result<Saved>>;
  /** Makes `id` active; null when saved, else the error (nothing changed). */
  activate(id: string): Promise<AppError | null>;
  /** Removes `id` (the local sandbox becomes active if it was); the undo puts it back. */
  remove(id: string): Promise<Result<{ wasActive: boolean; undo: () => Promise<void> }>>;
  /** Changes how the environment reaches its service (its proxy, its extra CA file); the undo puts it back. */
  setNetwork(
    id: string,
    network: Pick<StoredEnvironment, 'proxy' | 'extraCaFile'>,
  ): Promise<Result<{ undo: () => Promise<void> }>>;
  /** Records whether the environment's key was verified (null: no key). */
  setKeyVerified(id: string, verified: boolean | null): Promise<Result<{ undo: () => Promise<void> }>>;
  /** Waits for writes in progress. */
  settled(): Promise<void>;
  /** What the organisation's policy allows. */
  readonly policy: EnvironmentsPolicy;
}

export const isLocal = (id: string): boolean => id === LOCAL_SANDBOX_ENVIRONMENT_ID;
export const notFound = (id: string) => err('not_found', `There is no environment with id "${id}".`, { field: 'id' });

export function openEnvironments(
  dataDir: string,
  logger: Logger,
  now: () => Date = () => new Date(),
  policy: EnvironmentsPolicy = NO_POLICY,
): Environments {
  const settingsFile = join(dataDir, SETTINGS_FILE_NAME);
  const loaded = loadSettings(settingsFile, now);
  const overlaid = overlayPolicy(loaded.settings, policy);
  let settings: Settings = overlaid.settings;
  /** The operator's environments the policy does not allow: written back, never used. */
  const { hidden } = overlaid;
  let writes: Promise<void> = Promise.resolve();

  const stored = (id: string) => settings.environments.find((e) => e.id === id);

  function persist(): Promise<void> {
    const snapshot: Settings = structuredClone({ ...settings, environments: [...settings.environments, ...hidden] });
    const write = writes.then(() => writeSettings(settingsFile, snapshot));
    writes = write.catch((error: unknown) => {
      logger.error({ err: errorMessage(error) }, 'writing settings failed');
    });
    return write;
  }

  /** Applies `next`, writes it, and returns how to undo it; on a failed write nothing has changed. */
  async function commit(next: Settings): Promise<Result<{ undo: () => Promise<void> }>> {
    const before = settings;
    settings = next;
    try {
      await persist();
    } catch {
      settings = before;
      return err(
        'internal',
        `Card Desk could not save its settings to ${settingsFile}. Check that the folder is writable and has free space.`,
      );
    }
    return {
      ok: true,
      data: {
        undo: async () => {
          settings = before;
          await persist();
        },
      },
    };
  }

  /** Where the active environment goes when it is removed: the local sandbox, or one the policy sets. */
  function fallbackActiveId(removed: string): string {
    if (policy.allowLocalSandbox) return LOCAL_SANDBOX_ENVIRONMENT_ID;
    return settings.environments.find((e) => e.id !== removed)?.id ?? LOCAL_SANDBOX_ENVIRONMENT_ID;
  }

  function newEnvironmentId(): string {
    let id: string;
    do id = `env-${randomUUID().slice(0, 8)}`;
    while (stored(id));
    return id;
  }

  return {
    settingsFile,
    loadNotices: [...loaded.notices, ...overlaid.notices],
    activeId: () => settings.activeId,
    all: () => settings.environments,
    get: stored,

    async save(input) {
      const parsed = environmentInputSchema.safeParse(input);
      if (!parsed.success) return validationError(parsed.error.issues);
      const { id, name, baseUrl, kind } = parsed.data;
      if (id !== undefined && isLocal(id))
        return err('validation', 'The local sandbox is built in and cannot be changed.', { field: 'id' });
      if (id !== undefined) {
        const refused = managedRefusal(stored(id));
        if (refused) return refused;
      } else if (!policy.allowUserEnvironments) return err('forbidden', USER_ENVIRONMENTS_REFUSAL);
      const clash =
        settings.environments.some((e) => e.id !== id && e.name.toLowerCase() === name.toLowerCase()) ||
        name.toLowerCase() === LOCAL_SANDBOX_NAME.toLowerCase();
      if (clash)
        return err('validation', `An environment named "${name}" already exists.`, {
          field: 'name',
          fields: { name: `An environment named "${name}" already exists.` },
        });

      let environment: StoredEnvironment;
      let moved = false;
      let next: Settings;
      if (id !== undefined) {
        const existing = stored(id);
        if (!existing) return notFound(id);
        moved = existing.baseUrl !== baseUrl;
        // Keys belong to their address: at a new one the environment has none until one is entered there.
        environment = {
          ...existing,
          name,
          baseUrl,
          keyVerified: moved ? null : existing.keyVerified,
          ...(kind ? { kind } : {}),
        };
        next = { ...settings, environments: settings.environments.map((e) => (e.id === id ? environment : e)) };
      } else {
        environment = { id: newEnvironmentId(), name, baseUrl, keyVerified: null, kind: kind ?? 'production' };
        next = { ...settings, environments: [...settings.environments, environment] };
      }
      const done = await commit(next);
      return done.ok ? { ok: true, data: { environment, moved, undo: done.data.undo } } : done;
    },

    async activate(id) {
      if (isLocal(id) && !policy.allowLocalSandbox) return { kind: 'forbidden', message: LOCAL_SANDBOX_REFUSAL };
      const done = await commit({ ...settings, activeId: id });
      return done.ok ? null : done.error;
    },

    async remove(id) {
      const refused = managedRefusal(stored(id));
      if (refused) return refused;
      const wasActive = settings.activeId === id;
      const done = await commit({
        ...settings,
        activeId: wasActive ? fallbackActiveId(id) : settings.activeId,
        environments: settings.environments.filter((e) => e.id !== id),
      });
      return done.ok ? { ok: true, data: { wasActive, undo: done.data.undo } } : done;
    },

    setNetwork(id, network) {
      return commit({
        ...settings,
        environments: settings.environments.map((e) => {
          if (e.id !== id) return e;
          const { proxy: _proxy, extraCaFile: _file, ...rest } = e;
          return {
            ...rest,
            ...(network.proxy ? { proxy: network.proxy } : {}),
            ...(network.extraCaFile ? { extraCaFile: network.extraCaFile } : {}),
          };
        }),
      });
    },

    setKeyVerified(id, verified) {
      return commit({
        ...settings,
        environments: settings.environments.map((e) => (e.id === id ? { ...e, keyVerified: verified } : e)),
      });
    },

    settled: () => writes,
    policy,
  };
}
