// The independent card API (test/support/independent-api.ts) as the e2e tests start it: a
// number of customers with people's names, the default rate limit.
import {
  startIndependentApi as start,
  type IndependentApi as Api,
  type IndependentApiOptions,
  type IndependentCustomer as Customer,
} from '../support/independent-api';

export type { IndependentCard } from '../support/independent-api';

/** A customer with the person's details the screens show. */
export type IndependentCustomer = Customer & Required<Pick<Customer, 'isApproved' | 'individual'>>;
export type IndependentApi = Omit<Api, 'customers'> & { readonly customers: IndependentCustomer[] };

/** With `oddCustomers`, the odd customers are among them too (their fields are not all there or not all right). */
export const startIndependentApi = async (
  customers = 40,
  more: Pick<IndependentApiOptions, 'oddCustomers'> = {},
): Promise<IndependentApi> => (await start({ customers, customerStyle: 'people', ...more })) as IndependentApi;
