// Set-up for the write forms: their customer picker searches the offline customer cache, so the app
// starts with it filled from the local sandbox, the way the Customers page's sync fills it.
import type { Customer } from '../../src-shared/api/records';
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import { sandboxGet } from './sandbox-api';
import { startE2E, type E2E } from './support';

/** Waits outside a test (expect.poll only runs inside one). */
async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the app on the Journal with a sandbox of `customers` customers, all of them in the cache. */
export async function startWithCustomerCache(options: { seed: number; customers: number }): Promise<{
  e2e: E2E;
  sandbox: SandboxHandle;
  customers: Customer[];
}> {
  const e2e = await startE2E({ sandbox: options });
  try {
    await e2e.open('journal');
    // The local sandbox starts with the environment's first use.
    await e2e.harness.core.environments.active();
    const sandbox = e2e.harness.core.localSandbox()!;
    const customers = (await sandboxGet<Customer[]>(sandbox, `/customers?limit=${options.customers}`)).data;
    await e2e.page.evaluate(() => window.cardDesk.customers.sync({ full: true }));
    await until(async () =>
      e2e.page.evaluate(async (count) => {
        const r = await window.cardDesk.customers.cacheStatus();
        return r.ok && !r.data.syncing && r.data.customers === count;
      }, options.customers),
    );
    return { e2e, sandbox, customers };
  } catch (error) {
    await e2e.close();
    throw error;
  }
}

/** The name the customer picker shows for a customer. */
export const nameOf = (c: Customer): string =>
  c.name ?? `${c.individual?.firstName ?? ''} ${c.individual?.lastName ?? ''}`.trim();
