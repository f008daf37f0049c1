// Shared e2e set-up: the harness (real handlers, real local sandbox, real storage) and a real Chromium.
// Every page is watched for console errors, page errors and CSP violations; tests fail on any of them.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import { startHarness, type Harness, type HarnessOptions } from '../harness/server';
import { launchChromium } from '../support/chromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');

export interface E2E {
  harness: Harness;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
  /** Opens a hash route (`customers`, `cards/<id>`...) and waits for the app shell. */
  open(route: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  /** Serious or critical axe-core violations on the current page, as readable lines. */
  axeViolations(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startE2E(options: HarnessOptions = {}): Promise<E2E> {
  const harness = await startHarness(options);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, acceptDownloads: false });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return {
    harness,
    browser,
    context,
    page,
    problems,
    async open(route) {
      await page.goto(`${harness.url}#/${route}`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    },
    async screenshot(name) {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async axeViolations() {
      // Only the violations are asked for: axe then skips writing out every node of every rule that passed.
      const results = await axeOn(page)
        .options({ resultTypes: ['violations'] })
        .analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        );
    },
    async close() {
      await browser.close();
      await harness.stop();
    },
  };
}

/**
 * axe-core on `page`, run in the page itself. The app has no frames, so axe's default frame method (a blank
 * page opened beside, axe injected into it as well to merge the frames' results) only adds a page and a
 * second axe per check, about half of each check's time; the findings are the same.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** The app scrolls inside its content area: a tall window shows a whole detail page in one picture. */
export async function screenshotWhole(e2e: E2E, name: string): Promise<void> {
  await e2e.page.setViewportSize({ width: 1360, height: 1800 });
  await e2e.screenshot(name);
  await e2e.page.setViewportSize({ width: 1360, height: 860 });
}

/**
 * A full sync of the active environment's customer cache, through the bridge, until the cache holds
 * `expected` customers. The sync answers when it has finished (a running one is joined, not restarted).
 */
export async function syncCustomers(e2e: E2E, expected: number): Promise<void> {
  if (!e2e.page.url().startsWith(e2e.harness.url)) await e2e.open('journal');
  let last = '';
  // A sync that ends with a rebuild pending starts another one: join it as well, a few times at most.
  for (let attempt = 0; attempt < 3; attempt++) {
    const status = await e2e.page.evaluate(async () => {
      const synced = await window.cardDesk.customers.sync({ full: true });
      const r = await window.cardDesk.customers.cacheStatus();
      return { synced, status: r.ok ? r.data : null };
    });
    if (status.status && !status.status.syncing && status.status.customers === expected) return;
    last = JSON.stringify(status);
  }
  throw new Error(`the customer cache did not reach ${expected} customers: ${last}`);
}

const syncedApps = new WeakMap<E2E, Promise<void>>();

/**
 * `syncCustomers` once per app: every test that needs a filled cache awaits it, whichever runs first;
 * later calls wait for the same sync. A failed sync is forgotten, so the next caller tries again.
 */
export function syncCustomersOnce(e2e: E2E, expected: number): Promise<void> {
  let done = syncedApps.get(e2e);
  if (!done) {
    done = syncCustomers(e2e, expected).catch((error: unknown) => {
      syncedApps.delete(e2e);
      throw error;
    });
    syncedApps.set(e2e, done);
  }
  return done;
}

/**
 * Runs `test` on an app of its own (for a state no other test may have touched: an empty cache, no card
 * seen yet, a service it stops), checks it saw no page problem, and closes it.
 */
export async function withOwnE2E(options: HarnessOptions, test: (app: E2E) => Promise<void>): Promise<void> {
  const app = await startE2E(options);
  try {
    await test(app);
    expect(app.problems).toEqual([]);
  } finally {
    await app.close();
  }
}

/** Every page of authorizations, fetched through the bridge the way the Authorizations page does. */
export async function fetchAllAuthorizations(page: Page): Promise<unknown[]> {
  return page.evaluate(async () => {
    const out: unknown[] = [];
    for (let p = 0; ; p++) {
      const r = await window.cardDesk.authorizations.list({ page: p, limit: 100 });
      if (!r.ok) throw new Error(r.error.message);
      out.push(...r.data);
      if (!r.pagination || p + 1 >= r.pagination.pages) return out;
    }
  });
}

/** The app's local sandbox, started first when no page has used the environment yet. */
export async function localSandbox(e2e: E2E): Promise<SandboxHandle> {
  await e2e.harness.core.environments.active();
  const sandbox = e2e.harness.core.localSandbox();
  if (!sandbox) throw new Error('the app has no local sandbox (it was started against another API)');
  return sandbox;
}
