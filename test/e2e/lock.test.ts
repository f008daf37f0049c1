// The lock, in Chromium through the harness: Ctrl+L on a customer's page leaves nothing of the customer in
// the page (the pages are unmounted, not covered), main refuses reads while locked, and unlocking returns to
// the same page with the customer; the status bar's Lock button locks too.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import { sandboxAll } from '../support/sandbox-api';
import { syncCustomersOnce } from './support';
import { appWith, openFresh } from './shared-app';

const CUSTOMERS = 60;
const app = appWith({ sandbox: { seed: 77, customers: CUSTOMERS } });
let holder: Customer;

beforeAll(async () => {
  await syncCustomersOnce(app.e2e, CUSTOMERS);
  holder = (await sandboxAll<Customer>(app.e2e.harness.core.localSandbox()!, '/customers'))[0]!;
});

const bodyText = () => app.e2e.page.evaluate(() => document.body.innerText + document.body.textContent);

describe('the lock', () => {
  it('Ctrl+L on a customer page leaves no customer data in the page; unlocking returns to it', async () => {
    const p = app.e2e.page;
    await openFresh(app.e2e, `customers/${holder._id}`);
    await p.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
    const secrets = [
      holder.name!,
      holder.individual!.lastName!,
      holder.emailAddress!,
      holder.individual!.identity!.number!,
    ];
    for (const s of secrets) expect(await bodyText()).toContain(s);

    await p.keyboard.press('Control+l');
    await p.getByTestId('lock-screen').waitFor();
    const locked = await bodyText();
    for (const s of secrets) expect(locked).not.toContain(s);
    expect(await p.evaluate((name) => document.documentElement.outerHTML.includes(name), holder.name!)).toBe(false);
    expect(await p.title()).not.toContain(holder.name!);
    // Main refuses the page's reads while locked.
    const read = await p.evaluate((id) => window.cardDesk.customers.get({ id }), holder._id);
    expect(read).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('lock-screen');

    await p.getByRole('button', { name: 'Unlock' }).click();
    await p.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
    expect(p.url()).toContain(`#/customers/${holder._id}`);
  });

  it('locks from the status bar', async () => {
    const p = app.e2e.page;
    await openFresh(app.e2e, 'customers');
    await p.getByRole('contentinfo', { name: 'Status' }).getByRole('button', { name: 'Lock' }).click();
    await p.getByTestId('lock-screen').waitFor();
    expect(await p.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await p.getByRole('button', { name: 'Unlock' }).click();
    await p.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it('takes the minutes without use chosen in Settings', async () => {
    const p = app.e2e.page;
    await openFresh(app.e2e, 'settings');
    const section = p.getByRole('region', { name: 'Lock' });
    await section.getByRole('combobox', { name: 'Lock after' }).selectOption('15');
    await section.getByText('Card Desk now locks after 15 minutes without use.').waitFor();
    const state = await p.evaluate(() => window.cardDesk.lock.state());
    expect(state).toMatchObject({ ok: true, data: { idleMinutes: 15, locked: false } });
  });
});
