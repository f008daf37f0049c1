// How an environment is shown to the renderer, and where its files live on disk.
import { join } from 'node:path';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, type Environment } from '../../src-shared/ipc/channels/settings';
import { originOf } from './environment-keys';
import { LOCAL_SANDBOX_NAME } from './environments';
import type { StoredEnvironment } from './settings-file';

/** The built-in local sandbox: its address once it runs. */
export function localSandboxView(url: string | null, firstSyncByItself: boolean): Environment {
  return {
    id: LOCAL_SANDBOX_ENVIRONMENT_ID,
    name: LOCAL_SANDBOX_NAME,
    baseUrl: url ?? 'http://127.0.0.1',
    builtIn: true,
    hasKey: true,
    keyVerified: true,
    kind: 'sandbox',
    firstSyncByItself,
  };
}

/** A user's or the policy's environment; `keyPresent` is whether its address has a key, as last seen. */
export function environmentView(env: StoredEnvironment, keyPresent: boolean | undefined): Environment {
  const hasKey = keyPresent ?? env.keyVerified !== null;
  return {
    id: env.id,
    name: env.name,
    baseUrl: env.baseUrl,
    builtIn: false,
    ...(env.managed ? { managed: true } : {}),
    hasKey,
    keyVerified: hasKey ? (env.keyVerified ?? true) : null,
    kind: env.kind ?? 'production',
  };
}

/** A folder name for an address: `https://api.example.com:8443` → `https_api.example.com_8443`. */
const addressFolder = (baseUrl: string): string => originOf(baseUrl).replace(/[^A-Za-z0-9.-]+/g, '_');

/**
 * An environment's own folder: one per address, so a store of one address is never read at another. The
 * local sandbox's port changes every run: its folder is its own, whatever the address.
 */
export function environmentFolder(dataDir: string, env: StoredEnvironment | undefined): string {
  return env
    ? join(dataDir, 'environments', env.id, addressFolder(env.baseUrl))
    : join(dataDir, 'environments', LOCAL_SANDBOX_ENVIRONMENT_ID);
}
