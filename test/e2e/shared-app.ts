// One app per test file, shared by its tests: started before the first, closed after the last, and checked
// after each test for console errors, page errors and CSP violations (so the check runs whatever the order).
// Every e2e file gets its app here: against the local sandbox (`appWith`, `appWithSandbox`, with a filled
// customer cache, on a list page) or against the independent card API (`appWithIndependentApi`); a test
// that needs an untouched app of its own takes `withOwnE2E` (support.ts).
// The app is shared, the page state is not: every test opens the page it needs afresh (`openFresh`), and
// a list page's tests each start on that list with its default query.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import type { FaultRule, SandboxHandle } from '../../src-main/sandbox/handle';
import type { HarnessOptions } from '../harness/server';
import { startWithCustomerCache } from './customer-cache';
import { startIndependentApi, type IndependentApi } from './independent-api';
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
import { localSandbox, startE2E, type E2E } from './support';

/** A file's app: the harness and the browser page its tests drive. */
export interface FileApp {
  readonly e2e: E2E;
}

/** A file's app against its local sandbox. */
export interface SharedApp extends FileApp {
  readonly sandbox: SandboxHandle;
}

/** A file's app against the independent card API (`independent-api.ts`), which it shares the file's life with. */
export interface IndependentApiApp extends FileApp {
  readonly api: IndependentApi;
}

type SandboxOptions = NonNullable<HarnessOptions['sandbox']>;

/**
 * Registers the file's hooks around `start` and returns its result as it will be once started (reading it
 * before `beforeAll` has run throws). Problems seen during a test fail that test, then are cleared. After
 * the last test the app is closed, then `stop` undoes the rest of what `start` made.
 */
function shareApp<T extends FileApp>(start: () => Promise<T>, stop: (app: T) => Promise<void> = async () => {}): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterEach(() => {
    if (!started) return;
    const seen = started.e2e.problems.splice(0);
    expect(seen, 'console errors, page errors or CSP violations during the test').toEqual([]);
  });
  afterAll(async () => {
    if (!started) return;
    try {
      await started.e2e.close();
    } finally {
      await stop(started);
    }
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error('the app is not started yet (read it inside a test or hook)');
      return started[key as keyof T];
    },
  });
}

/** Opens a route on a freshly loaded page: nothing an earlier test typed, chose or cached in the page is left. */
export async function openFresh(e2e: E2E, route: string): Promise<void> {
  await e2e.open(route);
  await e2e.page.reload();
  await e2e.page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * The app started with the harness's `options` against its local sandbox (made with `options.sandbox`),
 * the sandbox running; on `open` when given. `options` may be a function, called as the app starts, when
 * they hold what the file's own `beforeAll` made before it (a data folder, an update feed): that hook must
 * be registered before this call.
 */
export function appWith(options: HarnessOptions | (() => HarnessOptions), open?: string): SharedApp {
  return shareApp(async () => {
    const e2e = await startE2E(typeof options === 'function' ? options() : options);
    try {
      if (open !== undefined) await e2e.open(open);
      return { e2e, sandbox: await localSandbox(e2e) };
    } catch (error) {
      await e2e.close();
      throw error;
    }
  });
}

/** The app against a local sandbox made with `sandbox`, started (the sandbox runs) on the Journal. */
export function appWithSandbox(sandbox: SandboxOptions): SharedApp {
  return appWith({ sandbox }, 'journal');
}

/**
 * The app against the independent card API, started first with `customers` people (and its odd customers
 * among them with `oddCustomers`); the API key is the app's. The API is stopped after the app is closed.
 */
export function appWithIndependentApi(options: { customers: number; oddCustomers?: boolean }): IndependentApiApp {
  return shareApp(
    async () => {
      const api = await startIndependentApi(options.customers, { oddCustomers: options.oddCustomers ?? false });
      try {
        return { e2e: await startE2E({ apiBaseUrl: api.url, apiKey: api.key }), api };
      } catch (error) {
        await api.stop();
        throw error;
      }
    },
    (app) => app.api.stop(),
  );
}

/** The app with its offline customer cache filled from a sandbox of `customers` customers (for the write forms). */
export function appWithCustomerCache(options: {
  seed: number;
  customers: number;
}): SharedApp & { readonly customers: Customer[] } {
  return shareApp(() => startWithCustomerCache(options));
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
  const app = shareApp(() => startOnList(options));
  const { route, table } = options;
  const page = () => app.e2e.page;
  beforeEach(async () => {
    await openFresh(app.e2e, route);
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
