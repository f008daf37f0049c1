// How a list of customers is narrowed by KYC state and ordered: the Customers page arranges its search
// results with it, and the customers export writes the same rows in the same order.
import { customerListName } from './customer-name';

/** KYC states a list can be narrowed to (`unknown`: the service did not say). */
export type KycState = 'approved' | 'notApproved' | 'unknown';
export type CustomerSortKey = 'name' | 'createdAt' | 'kyc';

interface Arrangeable {
  _id: string;
  name?: string;
  individual?: { firstName?: string; otherNames?: string; lastName?: string };
  isApproved?: boolean;
  createdAt?: string;
}

export const kycStateOf = (c: { isApproved?: boolean }): KycState =>
  c.isApproved === true ? 'approved' : c.isApproved === false ? 'notApproved' : 'unknown';

const KYC_RANK: Record<KycState, number> = { notApproved: 0, approved: 1, unknown: 2 };

/** Customers in one KYC state (all when `kyc` is empty), sorted as asked; ties keep their given order. */
export function arrangeCustomers<C extends Arrangeable>(
  customers: readonly C[],
  view: { sort?: CustomerSortKey; direction?: 'asc' | 'desc'; kyc?: KycState | '' },
): C[] {
  const { sort = 'name', direction = 'asc', kyc } = view;
  const kept = kyc ? customers.filter((c) => kycStateOf(c) === kyc) : customers;
  const name = (c: C) => customerListName(c).toLowerCase();
  const key = (c: C): string =>
    sort === 'name' ? name(c) : sort === 'createdAt' ? (c.createdAt ?? '') : `${KYC_RANK[kycStateOf(c)]}${name(c)}`;
  const sign = direction === 'asc' ? 1 : -1;
  return [...kept].sort((a, b) => sign * key(a).localeCompare(key(b)));
}
