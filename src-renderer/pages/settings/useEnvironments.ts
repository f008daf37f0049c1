import { useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';

export function useEnvironments() {
  return useBridgeQuery(['settings', 'environments'], (opts) => bridge().environments.list(undefined, opts));
}

/** After a settings change: environments, key states and (when the active one changed) every page's data. */
export function useSettingsRefresh() {
  const queryClient = useQueryClient();
  return {
    settings: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
    everything: () => queryClient.invalidateQueries(),
  };
}
