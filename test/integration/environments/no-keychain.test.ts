// The environment manager when the OS has no usable keychain, for real (a child process with no
// D-Bus session): saving a key fails with keychain_unavailable and a notice, using one does too, and
// the key is written nowhere — no plaintext fallback.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_NOTICE } from '../../../src-main/environments/environment-manager';
import { envWithoutDesktopSession, runChild, tsxCommand } from '../support/child-process';

const KEY = 'sk_live_nokeychain_secret_5e2b';
const home = mkdtempSync(join(tmpdir(), 'card-desk-nokeychain-home-'));
const dataDir = join(home, 'data');
afterAll(() => rmSync(home, { recursive: true, force: true }));

const run = () =>
  runChild(tsxCommand(join(import.meta.dirname, 'no-keychain-probe.ts'), KEY, dataDir), envWithoutDesktopSession(home));

describe('no usable keychain, through the environment manager', () => {
  it('refuses to save or use a key, tells the user, and writes the key nowhere', async () => {
    const { code, stdout, stderr } = await run();
    expect(code, stderr).toBe(0);
    expect(stdout).not.toContain(KEY);
    const r = JSON.parse(stdout);
    expect(r.save.ok).toBe(true);
    // Verified against the service first, then the keychain refused it.
    expect(r.setKey).toEqual({
      ok: false,
      error: {
        kind: 'keychain_unavailable',
        message: expect.stringContaining('Card Desk keeps API keys only in the system keychain'),
      },
    });
    expect(r.hasKey.error.kind).toBe('keychain_unavailable');
    expect(r.activate.ok).toBe(true);
    expect(r.read).toEqual({
      ok: false,
      error: { kind: 'keychain_unavailable', message: expect.stringContaining('GNOME Keyring') },
    });
    expect(r.status.data.notices).toContain(KEYCHAIN_NOTICE);
    expect(r.list.data.environments[1]).toMatchObject({ hasKey: false });
    expect(r.requestsSent).toEqual(['/customers?limit=1']); // only the verification; no call went out without a key

    const settings = readFileSync(join(dataDir, 'settings.json'), 'utf8');
    expect(settings).not.toContain(KEY);
    expect(JSON.parse(settings).environments[0].keyVerified).toBeNull();
    expect(existsSync(join(dataDir, 'logs', 'main.log'))).toBe(true);
    expect(readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8')).not.toContain(KEY);
  });
});
