// All cached customers, a page at a time, sorted and narrowed by KYC state in the cache (`customers.browse`).
import type { CustomerSort, KycFilter } from '../../../src-shared/ipc/channels/customers';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';

/** The orders offered, as the operator reads them. */
export const CUSTOMER_ORDERS = {
  'name-asc': { sort: 'name', direction: 'asc', label: 'Name, A to Z' },
  'name-desc': { sort: 'name', direction: 'desc', label: 'Name, Z to A' },
  'createdAt-desc': { sort: 'createdAt', direction: 'desc', label: 'Newest first' },
  'createdAt-asc': { sort: 'createdAt', direction: 'asc', label: 'Oldest first' },
  'kyc-asc': { sort: 'kyc', direction: 'asc', label: 'KYC, not approved first' },
  'kyc-desc': { sort: 'kyc', direction: 'desc', label: 'KYC, approved first' },
} as const satisfies Record<string, { sort: CustomerSort; direction: 'asc' | 'desc'; label: string }>;
export type CustomerOrder = keyof typeof CUSTOMER_ORDERS;

export const KYC_LABEL: Record<KycFilter, string> = {
  approved: 'Approved',
  notApproved: 'Not approved',
  unknown: 'Not stated',
};

export function useCustomerBrowse(
  view: { order: CustomerOrder; kyc: KycFilter | ''; page: number; limit: number; unreadable?: boolean },
  enabled: boolean,
) {
  const env = useEnvironmentKey();
  const { sort, direction } = CUSTOMER_ORDERS[view.order];
  const input = {
    sort,
    direction,
    ...(view.kyc ? { kyc: view.kyc } : {}),
    ...(view.unreadable ? { unreadable: true } : {}),
    offset: view.page * view.limit,
    limit: view.limit,
  };
  return useBridgeQuery(['customers', 'browse', env, input], (opts) => bridge().customers.browse(input, opts), {
    keepPrevious: true,
    enabled: enabled && env !== null,
  });
}
