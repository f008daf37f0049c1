// One card by id from the known-cards index (for naming the card a replacement cancels).
import type { Card } from '../../src-shared/api/records';
import { useEnvironmentKey } from '../components/environment/useEnvironmentKey';
import { bridge } from '../lib/bridge';
import { useBridgeQuery } from '../lib/useBridgeQuery';

export function useKnownCard(id: string): Card | undefined {
  const env = useEnvironmentKey();
  const q = useBridgeQuery(['cards', 'get', env, id], (opts) => bridge().cards.get({ id }, opts), {
    enabled: env !== null && /^[0-9a-f]{24}$/i.test(id),
  });
  return q.data?.data;
}
