// The apps the list, form and issuing files share between their tests (support.ts's `sharedApp`: started
// before the first test, closed after the last, every test failed on a page problem). The app is shared,
// the page state is not: every test opens the page it needs afresh (`E2E.reopen`), and a list page's tests
// each start on that list with its default query.
import { beforeEach, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import type { FaultRule, SandboxHandle } from '../../src-main/sandbox/handle';
import type { HarnessOptions } from '../harness/server';
import { startWithCustomerCache } from './customer-cache';
import type { Locator } from 'playwright-core';
import {
  checkErrorStateAndRetry,
  choosePageSize,
  closeWithEscape,
  listRows,
  openRowWithKeyboard,
  pagerText,
  rowCount,
  rowText,
  startOnList,
  waitForRows,
} from './list-checks';
import { localSandbox, sharedApp, startE2E, type E2E } from './support';

export interface SharedApp {
  readonly e2e: E2E;
  readonly sandbox: SandboxHandle;
}

type SandboxOptions = NonNullable<HarnessOptions['sandbox']>;

/** The app against a local sandbox made with `sandbox`, started (the sandbox runs) on the Journal. */
export function appWithSandbox(sandbox: SandboxOptions): SharedApp {
  return sharedApp(async () => {
    const e2e = await startE2E({ sandbox });
    try {
      await e2e.open('journal');
      return { e2e, sandbox: await localSandbox(e2e) };
    } catch (error) {
      await e2e.close();
      throw error;
    }
  });
}

/** The app with its offline customer cache filled from a sandbox of `customers` customers (for the write forms). */
export function appWithCustomerCache(options: {
  seed: number;
  customers: number;
}): SharedApp & { readonly customers: Customer[] } {
  return sharedApp(() => startWithCustomerCache(options));
}

/** A list page's shared app, with the list checks (`list-checks.ts`) bound to its page and table. */
export interface ListPageApp extends SharedApp {
  readonly route: string;
  readonly table: string;
  rows(): Locator;
  rowCount(): Promise<number>;
  rowText(index: number): Promise<string>;
  waitForRows(): Promise<void>;
  pagerText(): Promise<string>;
  choosePageSize(size: number): Promise<void>;
  openRowWithKeyboard(downPresses: number): Promise<Locator>;
  closeWithEscape(): Promise<void>;
}

/** A list page's file: each test starts on the list at `route` with its default query, rows shown. */
export function listPageApp(options: {
  sandbox: SandboxOptions;
  route: string;
  table: string;
  clipboard?: boolean;
}): ListPageApp {
  const app = sharedApp(() => startOnList(options));
  const { route, table } = options;
  const page = () => app.e2e.page;
  beforeEach(async () => {
    await app.e2e.reopen(route);
    await waitForRows(page(), table);
  });
  return {
    get e2e() {
      return app.e2e;
    },
    get sandbox() {
      return app.sandbox;
    },
    route,
    table,
    rows: () => listRows(page(), table),
    rowCount: () => rowCount(page(), table),
    rowText: (index) => rowText(page(), table, index),
    waitForRows: () => waitForRows(page(), table),
    pagerText: () => pagerText(page()),
    choosePageSize: (size) => choosePageSize(page(), size),
    openRowWithKeyboard: (downPresses) => openRowWithKeyboard(page(), table, downPresses),
    closeWithEscape: () => closeWithEscape(page()),
  };
}

/** The error state every list page has: the API's message with Retry while `endpoint` fails, rows after. */
export function itShowsTheErrorStateWithRetry(list: ListPageApp, endpoint: FaultRule['endpoint']): void {
  it(
    'shows the API message with Retry when the service fails, and the rows once it recovers',
    { timeout: 90_000 },
    async () => {
      await checkErrorStateAndRetry(list.e2e, { route: list.route, table: list.table, endpoint });
    },
  );
}
