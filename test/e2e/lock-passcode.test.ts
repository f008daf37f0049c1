// The lock where the IT policy sets unlockPasscode, in Chromium through the harness: the first lock asks
// the operator to choose a passcode; later a wrong passcode is refused, the fifth wrong one starts a wait
// (the lock's clock is the test's, stepped rather than waited for), the right one is refused while the
// wait lasts and returns to the customer's page once it is over; Settings changes the passcode only with
// the current one. And across a killed app: the app runs in
// a process of its own (killable-app.ts) that the test kills with SIGKILL, so nothing is saved on the way
// out, and starts again on the same data folder and keychain: it comes back locked, the wrong tries and
// their wait come back with it, and only the passcode chosen before unlocks it once the wait is over.
// (One file: the passcode lives in the keychain every app of the run shares, so these tests take turns.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import { KeytarSecretStore } from '../../src-main/keychain/keytar-secret-store';
import { FIRST_WAIT_MS, FREE_TRIES, PASSCODE_ACCOUNT, TRIES_ACCOUNT } from '../../src-main/lock/app-lock';
import { NO_POLICY } from '../../src-main/policy/policy';
import { launchChromium } from '../support/chromium';
import { sandboxAll } from '../support/sandbox-api';
import { syncCustomersOnce, withOwnE2E, type E2E } from './support';
import { openFresh } from './shared-app';

const CUSTOMERS = 30;
const PASSCODE = 'kestrel-47';
let e2e: E2E;
let holder: Customer;
/** The lock's clock: Unix ms, moved on by the test. */
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);

/** No passcode chosen and no wrong tries: how each test starts. */
async function forgetPasscode(): Promise<void> {
  const keychain = new KeytarSecretStore();
  await keychain.delete(PASSCODE_ACCOUNT);
  await keychain.delete(TRIES_ACCOUNT);
}

/**
 * Runs `test` on an app of its own, on the customer's page. The passcode's hash lives in the keychain,
 * which every app of the run shares, so each test says whether it starts with one chosen: the tests pass
 * alone and in any order.
 */
async function onHolderPage(passcode: 'none chosen' | 'chosen', test: (p: Page) => Promise<void>): Promise<void> {
  await forgetPasscode();
  await withOwnE2E(
    { sandbox: SANDBOX, policy: { ...NO_POLICY, unlockPasscode: true }, lockClock: () => clock },
    async (app) => {
      e2e = app;
      await syncCustomersOnce(app, CUSTOMERS);
      holder = (await sandboxAll<Customer>(app.harness.core.localSandbox()!, '/customers'))[0]!;
      await openFresh(app, `customers/${holder._id}`);
      await app.page.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
      if (passcode === 'chosen') {
        await app.page.keyboard.press('Control+l');
        await app.page.getByLabel('Choose a passcode (at least 6 characters)').fill(PASSCODE);
        await app.page.getByRole('button', { name: 'Choose and unlock' }).click();
        await app.page.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
      }
      await test(app.page);
    },
  );
}
const SANDBOX = { seed: 78, customers: CUSTOMERS };

const bodyText = () => e2e.page.evaluate(() => document.body.innerText);

/** Types `passcode` on the lock screen and waits for the lock's answer `said` (each differs from the last). */
async function tryPasscode(passcode: string, said: string): Promise<void> {
  const screen = e2e.page.getByTestId('lock-screen');
  await screen.getByLabel('Passcode').fill(passcode);
  await screen.getByRole('button', { name: 'Unlock' }).click();
  await screen.getByRole('alert').filter({ hasText: said }).waitFor();
  expect(await screen.getByRole('alert').textContent()).toBe(said);
}

describe('the lock with a passcode', () => {
  it('asks for a passcode to be chosen at the first lock, and unlocks with it', () =>
    onHolderPage('none chosen', async (p) => {
      await p.keyboard.press('Control+l');
      const screen = p.getByTestId('lock-screen');
      await screen.waitFor();
      expect(await bodyText()).not.toContain(holder.name!);
      await screen.getByLabel('Choose a passcode (at least 6 characters)').fill(PASSCODE);
      await screen.getByRole('button', { name: 'Choose and unlock' }).click();
      await p.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
      expect(await p.evaluate(() => window.cardDesk.lock.state())).toMatchObject({
        ok: true,
        data: { locked: false, passcodeRequired: true, passcodeSet: true },
      });
    }));

  it('refuses wrong passcodes, waits after the fifth, and the right one returns to the page once the wait is over', () =>
    onHolderPage('chosen', async (p) => {
      await p.keyboard.press('Control+l');
      await p.getByTestId('lock-screen').waitFor();
      expect(await bodyText()).not.toContain(holder.name!);

      for (let n = 1; n < FREE_TRIES; n++) {
        await tryPasscode(
          `wrong-${n}`,
          `That passcode is not the one chosen. ${FREE_TRIES - n} tries left before a wait.`,
        );
      }
      await tryPasscode(
        `wrong-${FREE_TRIES}`,
        `That passcode is not the one chosen. Wait ${FIRST_WAIT_MS / 1000} seconds before the next try.`,
      );
      // The right passcode is refused while the wait lasts, and the page stays locked.
      clock += FIRST_WAIT_MS - 10_000;
      await tryPasscode(PASSCODE, 'Too many wrong passcodes: try again in 10 seconds.');
      expect(await p.getByTestId('lock-screen').isVisible()).toBe(true);
      expect(await bodyText()).not.toContain(holder.name!);
      const read = await p.evaluate((id) => window.cardDesk.customers.get({ id }), holder._id);
      expect(read).toMatchObject({ ok: false, error: { kind: 'forbidden' } });

      clock += 10_000;
      const screen = p.getByTestId('lock-screen');
      await screen.getByLabel('Passcode').fill(PASSCODE);
      await screen.getByRole('button', { name: 'Unlock' }).click();
      await p.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
      expect(p.url()).toContain(`#/customers/${holder._id}`);
      expect(await p.evaluate(() => window.cardDesk.lock.state())).toMatchObject({
        ok: true,
        data: { locked: false, retryAt: null },
      });
    }));

  it('changes the passcode in Settings only with the current one, and then only the new one unlocks', () =>
    onHolderPage('chosen', async (p) => {
      await openFresh(e2e, 'settings');
      const form = p.getByRole('form', { name: 'Passcode' });
      await form.getByLabel('Current passcode').fill('not-the-one');
      await form.getByLabel('New passcode (at least 6 characters)').fill('heron-5512');
      await form.getByRole('button', { name: 'Change passcode' }).click();
      await form
        .getByRole('alert')
        .filter({ hasText: `That passcode is not the one chosen. ${FREE_TRIES - 1} tries left before a wait.` })
        .waitFor();
      await form.getByLabel('Current passcode').fill(PASSCODE);
      await form.getByLabel('New passcode (at least 6 characters)').fill('heron-5512');
      await form.getByRole('button', { name: 'Change passcode' }).click();
      await form.getByRole('status').filter({ hasText: 'Passcode changed.' }).waitFor();
      expect(await e2e.axeViolations()).toEqual([]);

      await p.keyboard.press('Control+l');
      await tryPasscode(PASSCODE, `That passcode is not the one chosen. ${FREE_TRIES - 1} tries left before a wait.`);
      const screen = p.getByTestId('lock-screen');
      await screen.getByLabel('Passcode').fill('heron-5512');
      await screen.getByRole('button', { name: 'Unlock' }).click();
      await p.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    }));
});

const here = dirname(fileURLToPath(import.meta.url));
const RESTART_PASSCODE = 'osprey-2291';

interface Running {
  child: ChildProcess;
  page: Page;
  problems: string[];
}

/** The killed-app test's browser, data folder, clock file (the lock's clock, Unix ms) and running apps. */
const restart = {
  browser: null as Browser | null,
  folder: '',
  clock: Date.UTC(2026, 1, 2, 9, 0, 0),
  running: new Set<Running>(),
  setClock(ms: number) {
    writeFileSync(join(this.folder, 'clock'), String((this.clock = ms)));
  },
};

/** Starts the app on the test's data folder and opens it in a fresh page. */
async function startApp(): Promise<Running> {
  // This same Node, running the TypeScript file through tsx.
  const args = [
    '--import',
    'tsx',
    join(here, 'killable-app.ts'),
    join(restart.folder, 'data'),
    join(restart.folder, 'clock'),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /^\{"url":.*\}$/m.exec(out);
      if (line) resolve((JSON.parse(line[0]) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`the app exited (${code}) before it listened: ${out}`)));
  });
  const page = await restart.browser!.newPage();
  const app: Running = { child, page, problems: [] };
  restart.running.add(app);
  page.on('console', (m) => void (m.type() === 'error' && app.problems.push(m.text())));
  page.on('pageerror', (e) => app.problems.push(e.message));
  await page.goto(url);
  return app;
}

/** Closes the page, then kills the app outright (SIGKILL: it saves nothing on the way out). */
async function kill(app: Running): Promise<void> {
  restart.running.delete(app);
  await app.page.close();
  if (app.child.exitCode === null && app.child.signalCode === null) {
    const gone = new Promise((resolve) => app.child.once('exit', resolve));
    app.child.kill('SIGKILL');
    await gone;
  }
  expect(app.problems).toEqual([]);
}

/** Types `passcode` on the lock screen of `page` and waits for an answer that ends with `said`. */
async function tryOn(page: Page, passcode: string, said: string): Promise<void> {
  const screen = page.getByTestId('lock-screen');
  await screen.getByLabel('Passcode', { exact: true }).fill(passcode);
  await screen.getByRole('button', { name: 'Unlock' }).click();
  await screen.getByRole('alert').filter({ hasText: said }).waitFor();
}

describe('the lock with a passcode, across a killed app', () => {
  beforeAll(async () => {
    restart.folder = mkdtempSync(join(tmpdir(), 'card-desk-lock-restart-'));
    restart.browser = await launchChromium();
  });
  afterAll(async () => {
    for (const app of [...restart.running]) await kill(app).catch(() => undefined);
    await restart.browser?.close();
    if (restart.folder) rmSync(restart.folder, { recursive: true, force: true });
  });

  it('comes back locked after a kill, with the wrong tries and their wait still running', async () => {
    await forgetPasscode();
    restart.setClock(restart.clock);
    // First run: no passcode yet, so it starts unlocked; the first lock asks to choose one.
    const first = await startApp();
    await first.page.getByRole('navigation', { name: 'Main' }).waitFor();
    await first.page.keyboard.press('Control+l');
    await first.page.getByLabel('Choose a passcode (at least 6 characters)').fill(RESTART_PASSCODE);
    await first.page.getByRole('button', { name: 'Choose and unlock' }).click();
    await first.page.getByRole('navigation', { name: 'Main' }).waitFor();
    await kill(first);

    // Second run: locked from the start, nothing read; five wrong tries start the wait; killed mid-wait.
    const second = await startApp();
    const screen = second.page.getByTestId('lock-screen');
    await screen.getByText('Card Desk starts locked: enter your passcode to continue.').waitFor();
    expect(await second.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const read = await second.page.evaluate(() => window.cardDesk.customers.search({ query: 'a' }));
    expect(read).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    for (let n = 1; n < FREE_TRIES; n++)
      await tryOn(second.page, `wrong-${n}`, `${FREE_TRIES - n} tries left before a wait.`);
    await tryOn(second.page, 'wrong-5', `Wait ${FIRST_WAIT_MS / 1000} seconds before the next try.`);
    const retryAt = restart.clock + FIRST_WAIT_MS;
    await kill(second);

    // Third run, 10 s later on the lock's clock: still locked, the same wait still running.
    restart.setClock(restart.clock + 10_000);
    const third = await startApp();
    await third.page.getByTestId('lock-screen').waitFor();
    expect(await third.page.evaluate(() => window.cardDesk.lock.state())).toMatchObject({
      ok: true,
      data: { locked: true, reason: 'start', passcodeSet: true, retryAt },
    });
    await tryOn(third.page, RESTART_PASSCODE, 'Too many wrong passcodes: try again in 20 seconds.');
    expect(await third.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // Once the wait is over, the passcode chosen in the first run, and no other, unlocks.
    restart.setClock(retryAt);
    await tryOn(third.page, 'wrong-6', 'Wait 60 seconds before the next try.');
    restart.setClock(retryAt + 60_000);
    await third.page.getByTestId('lock-screen').getByLabel('Passcode', { exact: true }).fill(RESTART_PASSCODE);
    await third.page.getByRole('button', { name: 'Unlock' }).click();
    await third.page.getByRole('navigation', { name: 'Main' }).waitFor();
    await kill(third);
  });
});
