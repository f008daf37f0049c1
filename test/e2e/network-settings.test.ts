// Settings, Network, in a real browser against the real handlers: a manual proxy with a sign-in (the
// password goes to the keychain and is never shown back), an extra CA chosen as a PEM file and shown with
// subject, issuer, expiry and fingerprint; and, under an organisation's policy, its environment marked
// "Set by your organisation", read-only, with no way to add another and no local sandbox.
import { formatDate } from '../../src-renderer/lib/format';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src-main/policy/policy-file';
import { CA_NAME, makeTestPki, type TestPki } from '../support/office-network';
import { withOwnE2E, type E2E } from './support';
import { appWith, openFresh } from './shared-app';

let pki: TestPki;
let dir: string;
beforeAll(() => {
  pki = makeTestPki();
  dir = mkdtempSync(join(tmpdir(), 'card-desk-network-e2e-'));
});
afterAll(() => {
  pki?.remove();
  rmSync(dir, { recursive: true, force: true });
});
const app = appWith({ sandbox: { seed: 5, customers: 20 } });

const page = () => app.e2e.page;
const envRegion = (app: E2E, name: string) => app.page.getByRole('region', { name, exact: true });

/** The Network part of a freshly loaded Settings page's "Office" environment (added if need be: tests run in any order). */
async function officeNetwork() {
  await app.e2e.open('settings');
  await page().evaluate(async () => {
    const list = await window.cardDesk.environments.list();
    if (list.ok && !list.data.environments.some((e) => e.name === 'Office'))
      await window.cardDesk.environments.save({ name: 'Office', baseUrl: 'https://api.example.com' });
  });
  await openFresh(app.e2e, 'settings');
  return envRegion(app.e2e, 'Office').getByRole('region', { name: 'Network' });
}

describe('Settings, Network', () => {
  it('saves a manual proxy with a sign-in, never showing the password back', async () => {
    await app.e2e.open('settings');
    await page().evaluate(() =>
      window.cardDesk.environments.save({ name: 'Office', baseUrl: 'https://api.example.com' }),
    );
    await openFresh(app.e2e, 'settings');
    const office = envRegion(app.e2e, 'Office');
    const network = office.getByRole('region', { name: 'Network' });
    await network.getByRole('radio', { name: 'System (default)' }).waitFor();
    expect(await network.getByRole('radio', { name: 'System (default)' }).isChecked()).toBe(true);
    await network.getByRole('radio', { name: 'Manual' }).check();
    await network.getByRole('textbox', { name: 'Proxy host' }).fill('proxy.corp');
    await network.getByRole('textbox', { name: 'Port' }).fill('3128');
    await network.getByRole('textbox', { name: 'User name (optional)' }).fill('ada');
    await network.getByLabel('Password').fill('proxy-password-1');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    await network.getByText('Proxy saved. The next request uses it.').waitFor();

    await openFresh(app.e2e, 'settings');
    const again = envRegion(app.e2e, 'Office').getByRole('region', { name: 'Network' });
    await again.getByLabel('Password (saved; type to replace)').waitFor();
    expect(await again.getByRole('textbox', { name: 'Proxy host' }).inputValue()).toBe('proxy.corp');
    expect(await again.getByLabel('Password (saved; type to replace)').inputValue()).toBe('');
    expect(await page().content()).not.toContain('proxy-password-1');
  });

  it("keeps the proxy's Kerberos service principal, and names one that is not a principal", async () => {
    const network = await officeNetwork();
    await network.getByRole('radio', { name: 'System (default)' }).check();
    const principal = network.getByRole('textbox', { name: 'Kerberos service principal (optional)' });
    await principal.fill('proxy corp');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    await network
      .getByRole('alert')
      .getByText(/service principal must look like HTTP\/proxy.example.com/)
      .waitFor();
    await principal.fill('HTTP/gateway.corp.example');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    await network.getByText('Proxy saved. The next request uses it.').waitFor();
    const again = await officeNetwork();
    expect(await again.getByRole('textbox', { name: 'Kerberos service principal (optional)' }).inputValue()).toBe(
      'HTTP/gateway.corp.example',
    );
  });

  it('names a port out of range', async () => {
    const network = await officeNetwork();
    await network.getByRole('radio', { name: 'Manual' }).check();
    await network.getByRole('textbox', { name: 'Proxy host' }).fill('proxy.corp');
    await network.getByRole('textbox', { name: 'Port' }).fill('70000');
    await network.getByRole('button', { name: 'Save proxy' }).click();
    // Said at the port field, in the operator's words, before anything is sent.
    await network.getByRole('alert').getByText('A proxy port is a number from 1 to 65535').waitFor();
    expect(await network.getByRole('textbox', { name: 'Port' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('adds the CA certificates of a chosen PEM file, showing subject, issuer, expiry and fingerprint', async () => {
    const network = await officeNetwork();
    await network.getByRole('button', { name: 'Save proxy' }).waitFor();
    await network.getByLabel('Choose a PEM file…').setInputFiles(pki.caFile);
    await network.getByText('Certificates from ca.pem added.').waitFor();
    const ca = new X509Certificate(pki.caPem);
    await network.getByText(CA_NAME, { exact: true }).waitFor();
    await network
      .getByText(`Issued by ${CA_NAME}; expires ${formatDate(new Date(ca.validTo).toISOString())}`)
      .waitFor();
    await network.getByText(`SHA-256 ${ca.fingerprint256}`).waitFor();

    const notPem = join(dir, 'notes.txt');
    writeFileSync(notPem, 'hello');
    await network.getByLabel('Choose a PEM file…').setInputFiles(notPem);
    await network
      .getByRole('alert')
      .getByText(/holds no certificate in PEM form/)
      .waitFor();
  });
});

describe("Settings under an organisation's policy", () => {
  it('marks its environment "Set by your organisation", read-only, offers no new environment and no sandbox', async () => {
    const file = join(dir, 'policy.json');
    writeFileSync(
      file,
      JSON.stringify({
        environments: [{ id: 'head-office', name: 'Head office', baseUrl: 'https://api.example.com', proxy: 'none' }],
        allowUserEnvironments: false,
        allowLocalSandbox: false,
        syncScheduleMinutes: 60,
      }),
    );
    await withOwnE2E({ policy: loadPolicy({ file, required: true }) }, async (app) => {
      await app.open('settings');
      const office = envRegion(app, 'Head office');
      await office.getByText('Set by your organisation', { exact: true }).waitFor();
      await office.getByText('Proxy: None (always direct)').waitFor();
      expect(await office.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await office.getByRole('button', { name: 'Delete environment' }).count()).toBe(0);
      expect(await office.getByRole('button', { name: 'Save proxy' }).count()).toBe(0);
      await office.getByLabel('API key for Head office').waitFor(); // the key is still the operator's
      await app.page.getByTestId('no-user-environments').waitFor();
      expect(await app.page.getByRole('region', { name: 'Local sandbox', exact: true }).count()).toBe(0);
      expect(await app.page.getByRole('form', { name: 'Add environment' }).count()).toBe(0);
      const schedule = app.page.getByRole('region', { name: 'Customer sync schedule' });
      await schedule.getByText('Set by your organisation: ask your IT team to change the schedule.').waitFor();
      expect(await schedule.getByRole('combobox', { name: /Sync the customers of/ }).isDisabled()).toBe(true);
      expect(app.harness.core.localSandbox()).toBeNull();
    });
  });
});
