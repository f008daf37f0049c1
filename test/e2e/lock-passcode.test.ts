// The lock where the IT policy sets unlockPasscode, in Chromium through the harness: the first lock asks
// the operator to choose a passcode; later a wrong passcode is refused, the fifth wrong one starts a wait
// (the lock's clock is the test's, stepped rather than waited for), the right one is refused while the
// wait lasts and returns to the customer's page once it is over.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import { KeytarSecretStore } from '../../src-main/keychain/keytar-secret-store';
import { FIRST_WAIT_MS, FREE_TRIES, PASSCODE_ACCOUNT } from '../../src-main/lock/app-lock';
import { NO_POLICY } from '../../src-main/policy/policy';
import { sandboxAll } from '../support/sandbox-api';
import { syncCustomersOnce, withOwnE2E, type E2E } from './support';
import { openFresh } from './shared-app';

const CUSTOMERS = 30;
const PASSCODE = 'kestrel-47';
let e2e: E2E;
let holder: Customer;
/** The lock's clock: Unix ms, moved on by the test. */
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);

/**
 * Runs `test` on an app of its own, on the customer's page. The passcode's hash lives in the keychain,
 * which every app of the run shares, so each test says whether it starts with one chosen: the tests pass
 * alone and in any order.
 */
async function onHolderPage(passcode: 'none chosen' | 'chosen', test: (p: Page) => Promise<void>): Promise<void> {
  await new KeytarSecretStore().delete(PASSCODE_ACCOUNT);
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
        await app.page.getByLabel('Choose a passcode (at least 4 characters)').fill(PASSCODE);
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
      await screen.getByLabel('Choose a passcode (at least 4 characters)').fill(PASSCODE);
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
});
