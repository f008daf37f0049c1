// IPC handlers for environments, their API keys and the app's status.
import { ok } from '../../src-shared/ipc/result';
import { handlerGuard } from '../ipc/guarded';
import type { HandlersFor } from '../ipc/handler';
import type { EnvironmentManager } from './environment-manager';

export type SettingsChannel =
  | 'environments.list'
  | 'environments.save'
  | 'environments.delete'
  | 'environments.activate'
  | 'keys.set'
  | 'keys.has'
  | 'keys.delete'
  | 'app.status';

export function settingsHandlers(manager: EnvironmentManager): HandlersFor<SettingsChannel> {
  const on = handlerGuard();

  return {
    'environments.list': on('environments.list', async () => ok(await manager.list())),
    'environments.save': on('environments.save', (input) => manager.save(input)),
    'environments.delete': on('environments.delete', ({ id }) => manager.delete(id)),
    'environments.activate': on('environments.activate', ({ id }) => manager.activate(id)),
    'keys.set': on('keys.set', (input, signal) => manager.setKey(input, signal)),
    'keys.has': on('keys.has', ({ environmentId }) => manager.hasKey(environmentId)),
    'keys.delete': on('keys.delete', ({ environmentId }) => manager.deleteKey(environmentId)),
    'app.status': on('app.status', async () => ok(manager.status())),
  };
}
