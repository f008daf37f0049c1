// IPC handlers for each environment's proxy and extra CA certificates (Settings, Network).
import { ok } from '../../src-shared/ipc/result';
import { handlerGuard } from '../ipc/guarded';
import type { HandlersFor } from '../ipc/handler';
import type { EnvironmentNetworks } from './environment-network';

export type NetworkChannel =
  'network.get' | 'network.setProxy' | 'network.setExtraCa' | 'network.proxySignIns' | 'network.answerProxySignIn';

export function networkHandlers(networks: EnvironmentNetworks): HandlersFor<NetworkChannel> {
  const on = handlerGuard();
  return {
    'network.get': on('network.get', ({ environmentId }) => networks.get(environmentId)),
    'network.setProxy': on('network.setProxy', (input) => networks.setProxy(input)),
    'network.setExtraCa': on('network.setExtraCa', (input) => networks.setExtraCa(input)),
    'network.proxySignIns': on('network.proxySignIns', async () => ok(networks.proxySignIns.pending())),
    'network.answerProxySignIn': on('network.answerProxySignIn', ({ proxy, answer }) =>
      networks.proxySignIns.answer(proxy, answer),
    ),
  };
}
