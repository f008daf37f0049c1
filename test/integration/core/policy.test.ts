// The organisation's policy as IT deploys it (CARD_DESK_POLICY_FILE in a run from a checkout), applied by the
// real app core with the real keychain: the managed environment is listed as managed and cannot be changed or
// deleted, a new environment is refused in main, the local sandbox never starts, the sync schedule is the
// policy's; its CA file is trusted for the managed environment. A policy with an unknown key stops start-up
// naming the key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { loadPolicy, policyFileLocation } from '../../../src-main/policy/policy-file';
import { requireTestKeychain } from '../environments/support';
import { testAppCore } from '../support/app-core';
import { runChild, tsxCommand } from '../support/child-process';
import { CA_NAME, makeTestPki, startTestApi, type TestApi, type TestPki } from '../../support/office-network';

const HARNESS_CLI = fileURLToPath(new URL('../../harness/cli.ts', import.meta.url));
const ctx = { signal: new AbortController().signal };

let pki: TestPki;
let api: TestApi;
let dir: string;
let core: AppCore;

beforeAll(async () => {
  requireTestKeychain();
  pki = makeTestPki();
  api = await startTestApi(pki);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-policy-'));
  const policyFile = join(dir, 'policy.json');
  writeFileSync(
    policyFile,
    JSON.stringify({
      environments: [
        {
          id: 'head-office',
          name: 'Head office',
          baseUrl: `https://127.0.0.1:${api.port}`,
          proxy: 'system',
          extraCaFile: pki.caFile,
        },
      ],
      allowUserEnvironments: false,
      allowLocalSandbox: false,
      syncScheduleMinutes: 60,
      fullSweepHours: 24,
    }),
  );
  const policy = loadPolicy(
    policyFileLocation({ packaged: false, platform: process.platform, env: { CARD_DESK_POLICY_FILE: policyFile } }),
  );
  core = await testAppCore(join(dir, 'data'), { policy });
});
afterAll(async () => {
  await core?.dispose();
  await api?.stop();
  pki?.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe('a policy with managed environments, no environments of the operator and no local sandbox', () => {
  it('lists the managed environment as managed, active, and no local sandbox', async () => {
    const list = await core.handlers['environments.list'](undefined, ctx);
    if (!list.ok) throw new Error(list.error.message);
    expect(list.data.activeId).toBe('head-office');
    expect(list.data.environments).toEqual([
      expect.objectContaining({ id: 'head-office', name: 'Head office', managed: true, builtIn: false }),
    ]);
  });

  it('refuses a new environment in main, and any change to or deletion of the managed one', async () => {
    const added = await core.handlers['environments.save']({ name: 'Mine', baseUrl: 'https://mine.example.com' }, ctx);
    expect(added).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    if (!added.ok) expect(added.error.message).toContain('does not allow adding environments');
    const changed = await core.handlers['environments.save'](
      { id: 'head-office', name: 'Renamed', baseUrl: 'https://other.example.com' },
      ctx,
    );
    expect(changed).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await core.handlers['environments.delete']({ id: 'head-office' }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    const proxy = await core.handlers['network.setProxy'](
      { environmentId: 'head-office', proxy: { mode: 'none' } },
      ctx,
    );
    expect(proxy).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const list = await core.handlers['environments.list'](undefined, ctx);
    expect(list.ok && list.data.environments.map((e) => e.name)).toEqual(['Head office']);
  });

  it('leaves the key to the operator, and trusts the CA file the policy names for that environment', async () => {
    const network = await core.handlers['network.get']({ environmentId: 'head-office' }, ctx);
    expect(network.ok && network.data).toMatchObject({ managed: true, extraCa: [{ subject: CA_NAME }] });
    const key = await core.handlers['keys.set']({ environmentId: 'head-office', key: 'sk_test_head_office_1' }, ctx);
    expect(key, JSON.stringify(key)).toEqual({ ok: true, data: { verified: true } });
    const page = await core.handlers['customers.list']({ limit: 1 }, ctx);
    expect(page.ok, JSON.stringify(page)).toBe(true);
  });

  it('never starts the local sandbox, and refuses switching to it', async () => {
    const to = await core.handlers['environments.activate']({ id: 'local-sandbox' }, ctx);
    expect(to).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    await core.handlers['customers.cacheStatus'](undefined, ctx);
    expect(core.localSandbox()).toBeNull();
  });

  it("keeps the policy's sync schedule and full sweep, refusing changes in main", async () => {
    const status = await core.handlers['customers.cacheStatus'](undefined, ctx);
    expect(status.ok && status.data).toMatchObject({ scheduleMinutes: 60, fullSweepHours: 24 });
    expect(await core.handlers['customers.setSyncSchedule']({ minutes: 5 }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await core.handlers['customers.setFullSweepHours']({ hours: 2 }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await core.handlers['policy.get'](undefined, ctx)).toMatchObject({
      ok: true,
      data: { allowUserEnvironments: false, allowLocalSandbox: false, syncScheduleMinutes: 60, fullSweepHours: 24 },
    });
  });
});

describe('a policy with an unknown key', () => {
  it('stops start-up, naming the file and the key', async () => {
    const policyFile = join(dir, 'typo.json');
    writeFileSync(policyFile, JSON.stringify({ allowLocalSandbox: false, allowUserEnvironmnets: false }));
    const outcome = await runChild(tsxCommand(HARNESS_CLI, '--data-dir', join(dir, 'typo-data')), {
      ...process.env,
      CARD_DESK_POLICY_FILE: policyFile,
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(policyFile);
    expect(outcome.stderr).toContain('"allowUserEnvironmnets" is not a known setting');
    expect(outcome.stdout).not.toContain('#/overview');
  });
});
