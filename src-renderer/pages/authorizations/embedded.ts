// Authorizations embed their customer, account and card as records; elsewhere they may be plain ids.
import type { Account, Card, Customer } from '../../../src-shared/api/records';

type Ref<T> = string | T | null | undefined;

export const recordOf = <T extends object>(ref: Ref<T>): T | undefined =>
  ref && typeof ref === 'object' ? ref : undefined;

export const idOf = (ref: Ref<{ _id: string }>): string | undefined => (typeof ref === 'string' ? ref : ref?._id);

export function customerName(ref: Ref<Customer>): string | undefined {
  const c = recordOf(ref);
  if (!c) return undefined;
  if (c.name) return c.name;
  const parts = [c.individual?.firstName, c.individual?.lastName].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

export const cardOf = (ref: Ref<Card>): Card | undefined => recordOf(ref);
export const accountOf = (ref: Ref<Account>): Account | undefined => recordOf(ref);
