// The app's real core on a data folder, driven through the dispatcher as the bridge drives it (sender
// check, the contract's input check, handler, Result), and CSV files made from the customers it cached.
import type { Customer } from '../../src-shared/api/records';
import type { Channel, InputOf, OutputOf } from '../../src-shared/ipc/contract';
import type { Result } from '../../src-shared/ipc/result';
import type { AppCore } from '../../src-main/core/app-core';
import { createDispatcher } from '../../src-main/ipc/register';

export const ORIGIN = 'card-desk://app';

export type Call = <C extends Channel>(channel: C, input?: InputOf<C>) => Promise<Result<OutputOf<C>>>;

export function bridgeOf(core: AppCore): Call {
  const dispatch = createDispatcher({
    handlers: core.handlers,
    guards: core.guards,
    allowedOrigins: [ORIGIN],
    cancels: core.cancels,
    logger: core.logger,
  });
  return (async (channel: Channel, input?: unknown) =>
    dispatch(channel, { frameUrl: `${ORIGIN}/index.html`, isTopFrame: true }, input)) as Call;
}

export async function data<T>(r: Promise<Result<T>>): Promise<T> {
  const result = await r;
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.data;
}

/**
 * Syncs the customer cache and returns the first `count` customers it holds, oldest first. A desk alone has
 * them after its sync; a team desk's cache fills from the team's copy as the team's syncer writes it, so its
 * sync is asked again until they are there.
 */
export async function cachedCustomers(call: Call, count: number): Promise<Customer[]> {
  const alone = (await data(call('team.status', undefined))).state === 'off';
  let results: Customer[] = [];
  await until(
    async () => {
      await data(call('customers.sync', {}));
      const page = await data(
        call('customers.browse', { sort: 'createdAt', direction: 'asc', offset: 0, limit: count }),
      );
      results = page.results;
      return alone || results.length >= count;
    },
    60_000,
    `${count} customers in the cache`,
  );
  return results;
}

export const HEADER =
  'customer,type,brand,currency,status,debitAccountId,fundingSourceId,accountId,spendingLimit,spendingInterval,reference';

/** A valid row: a virtual Verve NGN card on the business account, its customer named by `customer`. */
export const validRow = (customer: string, debitAccountId: string, reference: string) =>
  `${customer},virtual,Verve,NGN,active,${debitAccountId},,,50000,daily,${reference}`;

/** Waits until `check` is true, polling (no fixed sleeps). */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What the results CSV adds after the file's own columns, in this order. */
export const RESULT_COLUMNS = [
  'outcome',
  'cardId',
  'maskedPan',
  'error',
  'row',
  'customerName',
  'customerId',
  'journalEntryId',
];
