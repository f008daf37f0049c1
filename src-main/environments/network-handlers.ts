// IPC handlers for each environment's proxy and extra CA certificates (Settings, Network).
import type { HandlersFor } from '../ipc/handler';
import type { EnvironmentNetworks } from './environment-network';

export type NetworkChannel = 'network.get' | 'network.setProxy' | 'network.setExtraCa';

export function networkHandlers(networks: EnvironmentNetworks): HandlersFor<NetworkChannel> {
  return {
    'network.get': ({ environmentId }) => networks.get(environmentId),
    'network.setProxy': (input) => networks.setProxy(input),
    'network.setExtraCa': (input) => networks.setExtraCa(input),
  };
}
