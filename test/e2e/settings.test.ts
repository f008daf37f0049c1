// Settings: environments with the base URL rule, API keys verified against a second real sandbox and kept
// in the real keychain, switching environment and back, and the customer sync schedule.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox';
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import { appWith, openFresh } from './shared-app';

/** A second sandbox, whose key and address an environment of the app's is given. */
let second: SandboxHandle;
beforeAll(async () => {
  second = await startSandbox({ seed: 77, customers: 30 });
});
afterAll(async () => {
  await second?.stop();
});
const app = appWith({ sandbox: { seed: 5, customers: 40 } });

const page = () => app.e2e.page;
const addForm = () => page().getByRole('form', { name: 'Add environment' });
const envRegion = (name: string) => page().getByRole('region', { name, exact: true });

/** An address nothing listens on: a port the OS gave us and we closed again. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Adds an environment of the second sandbox, with its key saved, through the bridge; returns its id. */
async function secondEnvironmentWithKey(name: string): Promise<string> {
  await app.e2e.open('settings');
  const id = await page().evaluate(
    async ({ name, baseUrl, key }) => {
      const saved = await window.cardDesk.environments.save({ name, baseUrl });
      if (!saved.ok) throw new Error(saved.error.message);
      const set = await window.cardDesk.keys.set({ environmentId: saved.data.id, key });
      if (!set.ok || !set.data.verified) throw new Error(`the key was not saved verified: ${JSON.stringify(set)}`);
      return saved.data.id;
    },
    { name, baseUrl: second.url, key: second.key },
  );
  // A page loaded afresh shows the environment as the service now has it.
  await openFresh(app.e2e, 'settings');
  await envRegion(name).getByText('Key saved (verified)').waitFor();
  return id;
}

async function addEnvironment(name: string, baseUrl: string): Promise<void> {
  await addForm().getByRole('textbox', { name: 'Name' }).fill(name);
  await addForm().getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await addForm().getByRole('button', { name: 'Add environment' }).click();
  await envRegion(name).waitFor();
}

describe('Settings', () => {
  it('shows the built-in local sandbox, which cannot be deleted', async () => {
    await openFresh(app.e2e, 'settings');
    await page().getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const local = envRegion('Local sandbox');
    await local.getByText('Local sandbox — test data').waitFor();
    await local.getByText('Active', { exact: true }).waitFor();
    expect(await local.getByRole('button', { name: 'Delete environment', exact: true }).count()).toBe(0);
    expect(await local.getByRole('textbox').count()).toBe(0);
  });

  it('refuses a plain-http address that is not loopback, naming the field', async () => {
    await openFresh(app.e2e, 'settings');
    const before = await page().evaluate(() => window.cardDesk.environments.list());
    expect(before.ok).toBe(true);
    await addForm().getByRole('textbox', { name: 'Name' }).fill('Staging');
    await addForm().getByRole('textbox', { name: 'Base URL' }).fill('http://10.20.30.40/api');
    await addForm()
      .getByText('The base URL must start with https:// (http:// only for this computer: 127.0.0.1, ::1 or localhost)')
      .waitFor();
    expect(await addForm().getByRole('textbox', { name: 'Base URL' }).getAttribute('aria-invalid')).toBe('true');
    await addForm().getByRole('button', { name: 'Add environment' }).click();
    // Nothing was added (the built-in sandbox's address may gain its port meanwhile, as it finishes starting).
    const list = await page().evaluate(() => window.cardDesk.environments.list());
    const ids = (l: typeof list) => (l.ok ? l.data.environments.map((e) => e.id) : []);
    expect(ids(list)).toEqual(ids(before));
    expect(list.ok && list.data.environments.map((e) => e.name)).not.toContain('Staging');
    await addForm().getByRole('textbox', { name: 'Base URL' }).fill('https://staging.example.com');
    await expect
      .poll(() => addForm().getByText('The base URL must start with https://', { exact: false }).count())
      .toBe(0);
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it("refuses a wrong key with the server's message, and verifies the right one", async () => {
    await openFresh(app.e2e, 'settings');
    await addEnvironment('Second sandbox', second.url);
    const region = envRegion('Second sandbox');
    const keyField = region.getByLabel('API key for Second sandbox');
    expect(await keyField.getAttribute('type')).toBe('password');
    await region.getByText('No key saved').waitFor();

    await keyField.fill('definitely-not-the-key');
    await region.getByRole('button', { name: 'Save key' }).click();
    const alert = region.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toContain('The service did not accept this key');
    expect(await alert.textContent()).toMatch(/provide a valid API key/i);
    expect(await region.getByRole('button', { name: 'Save without verifying' }).count()).toBe(0);
    await region.getByText('No key saved').waitFor();

    second.clearRequests();
    await keyField.fill(second.key);
    await region.getByRole('button', { name: 'Save key' }).click();
    await region.getByText('Key saved and verified.').waitFor({ timeout: 60_000 });
    await region.getByText('Key saved (verified)').waitFor();
    expect(await keyField.inputValue()).toBe('');
    // The key is never shown back, in the page or its attributes.
    expect(await page().content()).not.toContain(second.key);
    expect(second.requests().some((r) => r.endpoint === 'GET /customers' && r.status === 200)).toBe(true);
    await app.e2e.screenshot('settings');
    expect(await app.e2e.axeViolations()).toEqual([]);
  });

  it('offers to save without verifying when the service cannot be reached', async () => {
    await openFresh(app.e2e, 'settings');
    await addEnvironment('Unreachable', await deadAddress());
    const region = envRegion('Unreachable');
    await region.getByLabel('API key for Unreachable').fill('some-key-12345');
    await region.getByRole('button', { name: 'Save key' }).click();
    await region.getByRole('button', { name: 'Save without verifying' }).click({ timeout: 30_000 });
    await region.getByText('Key saved (not verified)').waitFor({ timeout: 60_000 });
    expect(await region.getByLabel('API key for Unreachable').inputValue()).toBe('');
    await region.getByRole('button', { name: 'Delete environment', exact: true }).click();
    await region.getByRole('button', { name: 'Yes, delete environment' }).click();
    await expect.poll(() => envRegion('Unreachable').count()).toBe(0);
  });

  it('switches to the second environment and back', async () => {
    await secondEnvironmentWithKey('Switch target');
    await envRegion('Switch target').getByRole('button', { name: 'Use this environment' }).click();
    await expect
      .poll(() => page().getByTestId('status-environment').textContent())
      .toBe('Environment: Switch targetProduction — real money');
    await envRegion('Switch target').getByText('Active', { exact: true }).waitFor();

    // The pages now talk to the second sandbox: its customers sync into its own cache.
    await app.e2e.open('customers');
    await page()
      .getByRole('region', { name: 'Offline customer cache' })
      .getByRole('button', { name: 'Sync now' })
      .click();
    await expect
      .poll(() => page().getByTestId('cache-summary').textContent(), { timeout: 30_000 })
      .toMatch(/^30 customers cached/);
    await expect.poll(() => page().getByTestId('status-connection').textContent()).toBe('Connection: Online');
    await app.e2e.screenshot('settings-second-environment-customers');

    await app.e2e.open('settings');
    // Editing checks the same address rule; cancelling keeps the environment as it was.
    const secondRegion = envRegion('Switch target');
    await secondRegion.getByRole('button', { name: 'Edit' }).click();
    const edit = secondRegion.getByRole('form', { name: 'Edit Switch target' });
    await edit.getByRole('textbox', { name: 'Base URL' }).fill('ftp://127.0.0.1/');
    await edit
      .getByText('The base URL must start with https:// (http:// only for this computer: 127.0.0.1, ::1 or localhost)')
      .waitFor();
    expect(await app.e2e.axeViolations()).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await secondRegion.getByText(second.url, { exact: true }).waitFor();

    await envRegion('Local sandbox').getByRole('button', { name: 'Use this environment' }).click();
    await expect
      .poll(() => page().getByTestId('status-environment').textContent())
      .toBe('Environment: Local sandbox — test data');
    await envRegion('Local sandbox').getByText('Active', { exact: true }).waitFor();
  });

  it('deletes the key of an environment', async () => {
    const id = await secondEnvironmentWithKey('Key to delete');
    const region = envRegion('Key to delete');
    await region.getByRole('button', { name: 'Delete key' }).click();
    await region.getByRole('button', { name: 'Yes, delete key' }).click();
    await region.getByText('No key saved').waitFor();
    const has = await page().evaluate((environmentId) => window.cardDesk.keys.has({ environmentId }), id);
    expect(has).toEqual({ ok: true, data: { present: false, verified: null } });
  });

  it('sets the customer sync schedule', async () => {
    await openFresh(app.e2e, 'settings');
    const schedule = page().getByRole('combobox', { name: /Sync the customers of/ });
    // The select shows the stored schedule once the cache status has answered.
    await expect.poll(() => schedule.inputValue()).toBe('0');
    await schedule.selectOption({ label: 'Every hour' });
    await page().getByText('Customers will sync every hour.').waitFor();
    const status = await page().evaluate(() => window.cardDesk.customers.cacheStatus());
    expect(status.ok && status.data.scheduleMinutes).toBe(60);
    await schedule.selectOption({ label: 'Off (sync only when asked)' });
    await page().getByText('Scheduled sync is off.').waitFor();
    expect(await app.e2e.axeViolations()).toEqual([]);
    expect(app.e2e.problems).toEqual([]);
  });

  it('sets how often a full sweep fetches every customer again', async () => {
    await openFresh(app.e2e, 'settings');
    const sweep = page().getByRole('combobox', { name: /Full sweep/ });
    await expect.poll(() => sweep.inputValue()).toBe('24');
    await sweep.selectOption({ label: 'Weekly' });
    await page()
      .getByText(/every customer is fetched again weekly/)
      .waitFor();
    const status = await page().evaluate(() => window.cardDesk.customers.cacheStatus());
    expect(status.ok && status.data.fullSweepHours).toBe(168);
    const refused = await page().evaluate(() => window.cardDesk.customers.setFullSweepHours({ hours: 0 }));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation', field: 'hours' } });
    await sweep.selectOption({ label: 'Daily' });
    expect(await app.e2e.axeViolations()).toEqual([]);
    expect(app.e2e.problems).toEqual([]);
  });
});
