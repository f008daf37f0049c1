import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';

/** What the organisation's policy decides (what Settings must lock). */
export function usePolicy() {
  return useBridgeQuery(['settings', 'policy'], (opts) => bridge().policy.get(undefined, opts));
}

export const SET_BY_ORGANISATION = 'Set by your organisation';
