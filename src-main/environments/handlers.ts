// IPC handlers for environments and their API keys.
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { EnvironmentManager } from './environment-manager';

export type SettingsChannel =
  | 'environments.list'
  | 'environments.save'
  | 'environments.delete'
  | 'environments.activate'
  | 'keys.set'
  | 'keys.has'
  | 'keys.delete';

export function settingsHandlers(manager: EnvironmentManager): HandlersFor<SettingsChannel> {
  return {
    'environments.list': async () => ok(await manager.list()),
    'environments.save': (input) => manager.save(input),
    'environments.delete': ({ id }) => manager.delete(id),
    'environments.activate': ({ id }) => manager.activate(id),
    'keys.set': (input, { signal }) => manager.setKey(input, signal),
    'keys.has': ({ environmentId }) => manager.hasKey(environmentId),
    'keys.delete': ({ environmentId }) => manager.deleteKey(environmentId),
  };
}
