// A passcode by choice, where the IT policy asks for none: Settings lets the operator choose one; from then on
// Ctrl+L's lock screen asks for it (a wrong one is refused), and Settings stops asking for it only with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../src-main/keychain/keytar-secret-store';
import { OWN_PASSCODE_ACCOUNT } from '../../src-main/lock/app-lock';
import { appWith, openFresh } from './shared-app';

const app = appWith({ sandbox: { seed: 88, customers: 20 } });
const page = () => app.e2e.page;
const PASSCODE = 'heron-2046';

// The keychain is shared by every app of the run: this file leaves no passcode of its own behind.
beforeAll(async () => {
  await new KeytarSecretStore().delete(OWN_PASSCODE_ACCOUNT);
});
afterAll(async () => {
  await new KeytarSecretStore().delete(OWN_PASSCODE_ACCOUNT);
});

describe('a passcode chosen in Settings', () => {
  it('is asked for on the lock screen once chosen, and is removed only with it', async () => {
    await openFresh(app.e2e, 'settings');
    const form = page().getByRole('form', { name: 'Unlock passcode' });
    await form.getByLabel('New passcode (at least 4 characters)').fill('abc');
    await form.getByRole('button', { name: 'Ask for this passcode to unlock' }).click();
    await form.getByRole('alert').getByText('A passcode has at least 4 characters').waitFor();
    await form.getByLabel('New passcode (at least 4 characters)').fill(PASSCODE);
    await form.getByRole('button', { name: 'Ask for this passcode to unlock' }).click();
    await form.getByRole('status').getByText('Card Desk now asks for this passcode to unlock.').waitFor();

    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    await page().getByLabel('Passcode').fill('wrong-one');
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page()
      .getByText(/That passcode is not the one chosen/)
      .waitFor();
    expect(await page().getByTestId('lock-screen').count()).toBe(1);
    await page().getByLabel('Passcode').fill(PASSCODE);
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page().getByRole('navigation', { name: 'Main' }).waitFor();

    await openFresh(app.e2e, 'settings');
    const again = page().getByRole('form', { name: 'Unlock passcode' });
    await again.getByLabel('Current passcode').fill('wrong-one');
    await again.getByRole('button', { name: 'Stop asking for a passcode' }).click();
    await again.getByRole('alert').getByText('That passcode is not the one chosen.').waitFor();
    await again.getByLabel('Current passcode').fill(PASSCODE);
    await again.getByRole('button', { name: 'Stop asking for a passcode' }).click();
    await again.getByRole('status').getByText('Card Desk now unlocks with a click.').waitFor();

    await page().keyboard.press('Control+l');
    await page().getByTestId('lock-screen').waitFor();
    expect(await page().getByLabel('Passcode').count()).toBe(0);
    await page().getByRole('button', { name: 'Unlock' }).click();
    await page().getByRole('navigation', { name: 'Main' }).waitFor();
  });
});
