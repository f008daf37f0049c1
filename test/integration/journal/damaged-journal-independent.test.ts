// A damaged journal checked through the app's handlers against a card API that is not the local sandbox
// and logs every request: the app starts, reads go to the service, and a card request is refused without
// anything reaching POST /cards. Uses the real keychain for the environment's key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ChannelName } from '../../../src-shared/ipc/names';
import { contract, type InputOf } from '../../../src-shared/ipc/contract';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';
import { JOURNAL_MARKER } from '../../../src-main/journal/journal-file';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { requireTestKeychain } from '../environments/support';

const GARBAGE = Buffer.from('not an SQLite file: overwritten by something else\n'.repeat(200));

let dataDir: string;
let server: IndependentApi;
let core: AppCore;

beforeAll(() => requireTestKeychain());
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-damaged-journal-'));
  server = await startIndependentApi({ customers: 30, limit: 1_000, windowMs: 60_000 });
  writeFileSync(join(dataDir, JOURNAL_MARKER), '{}\n');
  writeFileSync(join(dataDir, 'journal.sqlite'), GARBAGE);
  core = await testAppCore(dataDir);
});
afterEach(async () => {
  await core.dispose();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Calls a handler as the dispatcher does: the input checked by the contract first. */
async function call<C extends ChannelName>(channel: C, input: InputOf<C>) {
  const parsed = contract[channel].input.parse(input);
  const handler = core.handlers[channel] as unknown as (i: unknown, ctx: { signal: AbortSignal }) => Promise<unknown>;
  return (await handler(parsed, { signal: new AbortController().signal })) as
    { ok: true; data: unknown } | { ok: false; error: { kind: string; message: string } };
}

it('starts, reads from the service, and refuses a card request without sending it', async () => {
  const saved = await call('environments.save', { name: 'Independent', baseUrl: server.url });
  if (!saved.ok) throw new Error(saved.error.message);
  const id = (saved.data as { id: string }).id;
  try {
    expect(await call('keys.set', { environmentId: id, key: server.key })).toMatchObject({ ok: true });
    expect(await call('environments.activate', { id })).toMatchObject({ ok: true });
    const status = await call('app.status', undefined);
    expect(status.ok && (status.data as { notices: string[] }).notices.some((n) => n.includes('is damaged'))).toBe(
      true,
    );

    const accounts = await call('accounts.list', {});
    expect(accounts.ok).toBe(true);
    expect(server.log.some((r) => r.path === '/accounts' && r.status === 200)).toBe(true);

    const refused = await call('cards.create', {
      customerId: 'c0ffee000000'.padStart(24, '0'),
      type: 'virtual',
      currency: 'NGN',
      status: 'active',
      brand: 'Verve',
      debitAccountId: '0'.repeat(20) + 'acc0',
    });
    expect(!refused.ok && refused.error).toMatchObject({ kind: 'forbidden' });
    expect(!refused.ok && refused.error.message).toContain('Nothing was sent');
    expect(server.log.filter((r) => r.path === '/cards')).toEqual([]);
  } finally {
    await call('environments.delete', { id });
  }
});
