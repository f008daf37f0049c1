// The lock, in Chromium through the harness: Ctrl+L on a customer's page leaves nothing of the customer in
// the page (the pages are unmounted, not covered), main refuses reads while locked, and unlocking returns to
// the same page with the customer; the status bar's Lock button locks too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../src-shared/api/records';
import { sandboxAll } from '../support/sandbox-api';
import { failOnPageProblems, startE2E, syncCustomersOnce, type E2E } from './support';
import { openFresh } from './shared-app';

const CUSTOMERS = 60;
let e2e: E2E;
let holder: Customer;

beforeAll(async () => {
  e2e = await startE2E({ sandbox: { seed: 77, customers: CUSTOMERS } });
  await syncCustomersOnce(e2e, CUSTOMERS);
  holder = (await sandboxAll<Customer>(e2e.harness.core.localSandbox()!, '/customers'))[0]!;
});
failOnPageProblems(() => e2e);
afterAll(async () => {
  await e2e?.close();
});

const bodyText = () => e2e.page.evaluate(() => document.body.innerText + document.body.textContent);

describe('the lock', () => {
  it('Ctrl+L on a customer page leaves no customer data in the page; unlocking returns to it', async () => {
    const p = e2e.page;
    await openFresh(e2e, `customers/${holder._id}`);
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
    expect(await e2e.axeViolations()).toEqual([]);
    await e2e.screenshot('lock-screen');

    await p.getByRole('button', { name: 'Unlock' }).click();
    await p.getByRole('heading', { level: 1, name: holder.name! }).waitFor();
    expect(p.url()).toContain(`#/customers/${holder._id}`);
  });

  it('locks from the status bar', async () => {
    const p = e2e.page;
    await openFresh(e2e, 'customers');
    await p.getByRole('contentinfo', { name: 'Status' }).getByRole('button', { name: 'Lock' }).click();
    await p.getByTestId('lock-screen').waitFor();
    expect(await p.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await p.getByRole('button', { name: 'Unlock' }).click();
    await p.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it('takes the minutes without use chosen in Settings', async () => {
    const p = e2e.page;
    await openFresh(e2e, 'settings');
    const section = p.getByRole('region', { name: 'Lock' });
    await section.getByRole('combobox', { name: 'Lock after' }).selectOption('15');
    await section.getByText('Card Desk now locks after 15 minutes without use.').waitFor();
    const state = await p.evaluate(() => window.cardDesk.lock.state());
    expect(state).toMatchObject({ ok: true, data: { idleMinutes: 15, locked: false } });
  });
});
