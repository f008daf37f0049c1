// Set-up for the write forms: their customer picker searches the offline customer cache, so the app
// starts with it filled from the local sandbox, the way the Customers page's sync fills it.
import type { Customer } from '../../src-shared/api/records';
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import { sandboxGet } from '../support/sandbox-api';
import { localSandbox, startE2E, syncCustomersOnce, type E2E } from './support';

/** Starts the app on the Journal with a sandbox of `customers` customers, all of them in the cache. */
export async function startWithCustomerCache(options: { seed: number; customers: number }): Promise<{
  e2e: E2E;
  sandbox: SandboxHandle;
  customers: Customer[];
}> {
  const e2e = await startE2E({ sandbox: options });
  try {
    await e2e.open('journal');
    const sandbox = await localSandbox(e2e);
    const customers = (await sandboxGet<Customer[]>(sandbox, `/customers?limit=${options.customers}`)).data;
    await syncCustomersOnce(e2e, options.customers);
    return { e2e, sandbox, customers };
  } catch (error) {
    await e2e.close();
    throw error;
  }
}

/** The name the customer picker shows for a customer. */
export const nameOf = (c: Customer): string =>
  c.name ?? `${c.individual?.firstName ?? ''} ${c.individual?.lastName ?? ''}`.trim();
