// The policy laid over settings.json: the organisation's environments come first and stay managed; an
// operator's own environment the policy does not allow is not shown but kept in the file (it comes back if
// the policy changes); an environment an earlier policy set is gone with it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEnvironments } from '../../../src-main/environments/environments';
import type { EnvironmentsPolicy } from '../../../src-main/environments/managed-environments';
import { createLogger } from '../../../src-main/logging/logger';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-managed-'));
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify({
      version: 1,
      activeId: 'env-mine',
      environments: [
        { id: 'env-mine', name: 'Mine', baseUrl: 'https://mine.example.com', keyVerified: true },
        { id: 'old-managed', name: 'Old', baseUrl: 'https://old.example.com', keyVerified: null, managed: true },
        { id: 'head-office', name: 'Head office', baseUrl: 'https://api.example.com', keyVerified: true },
      ],
    }),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const policy = (allowUserEnvironments: boolean): EnvironmentsPolicy => ({
  environments: [
    {
      id: 'head-office',
      name: 'Head office',
      baseUrl: 'https://api.example.com',
      proxy: { mode: 'system' },
      extraCaFile: null,
    },
  ],
  allowUserEnvironments,
  allowLocalSandbox: false,
});
const logger = createLogger({ file: join(tmpdir(), 'card-desk-managed-test.log') });

describe('the policy over settings.json', () => {
  it("hides the operator's own environments when not allowed, keeping them in the file", async () => {
    const envs = openEnvironments(dir, logger, undefined, policy(false));
    expect(envs.all().map((e) => [e.id, e.managed ?? false, e.keyVerified])).toEqual([['head-office', true, true]]);
    expect(envs.activeId()).toBe('head-office');
    expect(envs.loadNotices.join(' ')).toContain('"Mine"');
    expect(await envs.activate('head-office')).toBeNull();
    await envs.setKeyVerified('head-office', false);
    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as { environments: { id: string }[] };
    expect(file.environments.map((e) => e.id).sort()).toEqual(['env-mine', 'head-office']);

    const allowed = openEnvironments(dir, logger, undefined, policy(true));
    expect(allowed.all().map((e) => e.id)).toEqual(['head-office', 'env-mine']);
  });

  it('refuses adding, changing and deleting where the policy says so', async () => {
    const envs = openEnvironments(dir, logger, undefined, policy(false));
    expect(await envs.save({ name: 'New', baseUrl: 'https://new.example.com' })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await envs.save({ id: 'head-office', name: 'X', baseUrl: 'https://x.example.com' })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await envs.remove('head-office')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await envs.activate('local-sandbox')).toMatchObject({ kind: 'forbidden' });
  });
});
