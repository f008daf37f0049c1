// IPC handlers for each environment's proxy and extra CA certificates (Settings, Network), and the sign-ins
// a proxy the system chose asks the operator for.
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { EnvironmentNetworks } from './environment-network';

export type NetworkChannel =
  'network.get' | 'network.setProxy' | 'network.setExtraCa' | 'network.proxySignIns' | 'network.answerProxySignIn';

export function networkHandlers(networks: EnvironmentNetworks): HandlersFor<NetworkChannel> {
  return {
    'network.get': ({ environmentId }) => networks.get(environmentId),
    'network.setProxy': (input) => networks.setProxy(input),
    'network.setExtraCa': (input) => networks.setExtraCa(input),
    'network.proxySignIns': async () => ok(networks.proxySignIns.pending()),
    'network.answerProxySignIn': ({ proxy, answer }) => networks.proxySignIns.answer(proxy, answer),
  };
}
