// A passcode by choice, where the IT policy asks for none: Settings lets the operator choose one; from then on
// Ctrl+L's lock screen asks for it (a wrong one is refused), and Settings stops asking for it only with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../src-main/keychain/keytar-secret-store';
import { OWN_PASSCODE_ACCOUNTS } from '../../src-main/lock/app-lock';
import { appWith, openFresh } from './shared-app';

const app = appWith({ sandbox: { seed: 88, customers: 20 } });
const page = () => app.e2e.page;
const PASSCODE = 'heron-2046';

// The keychain is shared by every app of the run: this file leaves no passcode of its own behind.
const forget = async () => {
  const store = new KeytarSecretStore();
  await store.delete(OWN_PASSCODE_ACCOUNTS.passcode);
  await store.delete(OWN_PASSCODE_ACCOUNTS.tries);
};
beforeAll(forget);
afterAll(forget);

describe('a passcode chosen in Settings', () => {
  it('is asked for on the lock screen once chosen, and is removed only with it', async () => {
    await openFresh(app.e2e, 'settings');
    await page().getByTestId('passcode-by-choice').waitFor();
    const form = page().getByRole('form', { name: 'Passcode', exact: true });
    await form.getByLabel(/^Passcode \(at least/).fill(PASSCODE);
    await form.getByRole('button', { name: 'Choose passcode' }).click();
    await form.getByRole('status').getByText('Passcode chosen.').waitFor();

    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    await page().getByLabel('Passcode', { exact: true }).fill('wrong-one');
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page()
      .getByText(/That passcode is not the one chosen/)
      .waitFor();
    expect(await page().getByTestId('lock-screen').count()).toBe(1);
    await page().getByLabel('Passcode', { exact: true }).fill(PASSCODE);
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page().getByRole('navigation', { name: 'Main' }).waitFor();

    await openFresh(app.e2e, 'settings');
    const remove = page().getByRole('form', { name: 'Stop asking for a passcode' });
    await remove.getByLabel('Your passcode').fill('wrong-one');
    await remove.getByRole('button', { name: 'Unlock with a click instead' }).click();
    await remove
      .getByRole('alert')
      .getByText(/That passcode is not the one chosen/)
      .waitFor();
    await remove.getByLabel('Your passcode').fill(PASSCODE);
    await remove.getByRole('button', { name: 'Unlock with a click instead' }).click();
    await page().getByTestId('passcode-by-choice').waitFor();

    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    expect(await page().getByLabel('Passcode', { exact: true }).count()).toBe(0);
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page().getByRole('navigation', { name: 'Main' }).waitFor();
  });
});
