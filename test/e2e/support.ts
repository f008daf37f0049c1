// Shared e2e set-up: the harness (real handlers, real local sandbox, real storage) and a real Chromium.
// Every page is watched for console errors, page errors and CSP violations; tests fail on any of them.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startHarness, type Harness, type HarnessOptions } from '../harness/server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

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
      const results = await new AxeBuilder({ page }).analyze();
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

/** The app scrolls inside its content area: a tall window shows a whole detail page in one picture. */
export async function screenshotWhole(e2e: E2E, name: string): Promise<void> {
  await e2e.page.setViewportSize({ width: 1360, height: 1800 });
  await e2e.screenshot(name);
  await e2e.page.setViewportSize({ width: 1360, height: 860 });
}
