// No usable keychain, for real: keytar runs in a child process whose D-Bus session is missing, bogus,
// or has a Secret Service with no unlocked collection. Every case must end in a clear
// keychain_unavailable error — no crash, no fallback, no secret in the output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';
import { envWithoutDesktopSession, runChild, tsxCommand } from '../support/child-process';

const probe = join(import.meta.dirname, 'keychain-probe.ts');
const SECRET = 'sk_live_must_never_appear_9f3c';
const home = mkdtempSync(join(tmpdir(), 'card-desk-nokeychain-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

interface OpReport {
  ok: boolean;
  value?: unknown;
  problem?: string;
  error?: { kind: string; message: string };
  unexpected?: string;
}
interface ProbeReport {
  set: OpReport;
  get: OpReport;
  delete: OpReport;
}

const baseEnv = (): NodeJS.ProcessEnv => envWithoutDesktopSession(home, { XDG_DATA_HOME: join(home, 'data') });
const nodeWithTsx = tsxCommand(probe, SECRET);

function expectUnavailable(report: OpReport, problem: string): void {
  expect(report.ok).toBe(false);
  expect(report.unexpected).toBeUndefined();
  expect(report.problem).toBe(problem);
  expect(report.error?.kind).toBe('keychain_unavailable');
  expect(report.error?.message).toContain('Card Desk keeps API keys only in the system keychain');
  expect(report.error?.message).toMatch(/GNOME Keyring, KWallet/);
}

describe('no usable keychain', () => {
  it('no D-Bus session at all (no DISPLAY to autolaunch one)', async () => {
    const { code, stdout } = await runChild(nodeWithTsx, baseEnv());
    expect(code).toBe(0);
    expect(stdout).not.toContain(SECRET);
    const report = JSON.parse(stdout) as ProbeReport;
    for (const op of [report.set, report.get, report.delete]) expectUnavailable(op, 'no_secret_service');
    expect(report.set.error?.message).toMatch(/^No system keychain \(Secret Service\) is running\./);
  });

  it('a D-Bus address that points at no socket', async () => {
    const { code, stdout } = await runChild(nodeWithTsx, {
      ...baseEnv(),
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-such-bus')}`,
    });
    expect(code).toBe(0);
    expect(stdout).not.toContain(SECRET);
    const report = JSON.parse(stdout) as ProbeReport;
    for (const op of [report.set, report.get, report.delete]) expectUnavailable(op, 'no_secret_service');
  });

  it('a session bus whose keyring has no unlocked collection refuses to store', async () => {
    // dbus-run-session starts a fresh bus; gnome-keyring is activated on demand but nothing unlocks it.
    const { code, stdout } = await runChild(['dbus-run-session', '--', ...nodeWithTsx], baseEnv());
    expect(code).toBe(0);
    expect(stdout).not.toContain(SECRET);
    const report = JSON.parse(stdout) as ProbeReport;
    expectUnavailable(report.set, 'locked');
    expect(report.set.error?.message).toMatch(/^The system keychain is locked/);
  });
});

describe('keytar cannot be loaded', () => {
  it('is reported as keychain_unavailable when a key is needed, not at start-up', async () => {
    const store = new KeytarSecretStore({
      load: () => {
        throw new Error("Cannot find module '../build/Release/keytar.node'");
      },
    });
    const failure = await store.set('env-x', SECRET).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(KeychainUnavailableError);
    expect((failure as KeychainUnavailableError).problem).toBe('not_installed');
    expect((failure as KeychainUnavailableError).toAppError()).toEqual({
      kind: 'keychain_unavailable',
      message: expect.stringContaining('install libsecret'),
    });
    expect(JSON.stringify((failure as KeychainUnavailableError).toAppError())).not.toContain(SECRET);
  });
});
