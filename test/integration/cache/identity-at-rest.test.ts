// Customers' identity data is never on disk in plain form. Through the app's handlers and the real keychain,
// a sync from a server written apart from the sandbox (test/support/independent-api.ts), whose customers carry
// identity numbers, dates of birth, home addresses and document addresses unique to each, leaves none of
// those strings in any file of the data folder (the SQLite files with their WAL, the journal, the log),
// while a BVN or NIN still finds its customer and names, emails and phones search as before. With the data
// key's keychain entry removed, the app starts, says the cache is being rebuilt, and searches again after.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import type { InputOf } from '../../../src-shared/ipc/contract';
import type { ChannelName } from '../../../src-shared/ipc/names';
import type { AppCore } from '../../../src-main/core/app-core';
import { DATA_KEY_SUFFIX } from '../../../src-main/cache/store/cache-keys';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { callCore, testAppCore } from '../support/app-core';
import { startIndependentApi, type IndependentApi, type IndependentCustomer } from '../../support/independent-api';
import { requireTestKeychain } from '../environments/support';

const CUSTOMERS = 120;

let dataDir: string;
let server: IndependentApi;
let core: AppCore | null = null;
let environmentId: string | null = null;

beforeAll(() => requireTestKeychain());
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-at-rest-'));
  server = await startIndependentApi({ customers: CUSTOMERS, customerStyle: 'private' });
  core = await testAppCore(dataDir);
});
afterEach(async () => {
  if (environmentId && core) await call('environments.delete', { id: environmentId });
  environmentId = null;
  await core?.dispose();
  core = null;
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = <C extends ChannelName>(channel: C, input: InputOf<C>) => callCore(core!, channel, input);

async function useIndependentServer(): Promise<void> {
  const saved = (await call('environments.save', { name: 'Independent', baseUrl: server.url })) as { id: string };
  environmentId = saved.id;
  await call('keys.set', { environmentId: saved.id, key: server.key });
  await call('environments.activate', { id: saved.id });
}

const search = async (query: string) =>
  ((await call('customers.search', { query })) as { results: Customer[] }).results.map((c) => c._id);

/** Every string of a customer's record that must never be on disk in plain form. */
function privateStrings(c: IndependentCustomer): string[] {
  const person = c.individual!;
  const docs = person.documents!;
  return [
    person.identity.number,
    person.dob!,
    c.billingAddress!.line1,
    docs.idFrontUrl,
    docs.idBackUrl,
    docs.addressVerificationUrl,
  ];
}

/** Every file under `folder` but the exports the operator chose to write. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.split(/[\\/]/).includes('exports'))
    .map((name) => join(folder, name))
    .filter((path) => existsSync(path) && statSync(path).isFile());
}

async function syncedWhole(): Promise<void> {
  const synced = (await call('customers.sync', { full: true })) as { phase: string; customers: number };
  expect(synced).toMatchObject({ phase: 'done', customers: CUSTOMERS });
}

describe('identity data at rest', () => {
  it('leaves no identity number, birth date or address in any file, while every search still finds', async () => {
    await useIndependentServer();
    await syncedWhole();
    const customers = server.customers;
    const bvnHolder = customers.find((c) => c.individual!.identity.type === 'BVN')!;
    const ninHolder = customers.find((c) => c.individual!.identity.type === 'NIN')!;
    // Searching, reading and listing, as the operator does, before the files are read.
    expect(await search(bvnHolder.individual!.identity.number)).toEqual([bvnHolder._id]);
    expect(await search(ninHolder.individual!.identity.number)).toEqual([ninHolder._id]);
    const read = (await call('customers.get', { id: bvnHolder._id })) as { customer: Customer } | Customer;
    expect(JSON.stringify(read)).toContain(bvnHolder.billingAddress!.line1);
    expect(await search(bvnHolder.emailAddress)).toContain(bvnHolder._id);
    expect(await search(bvnHolder.phoneNumber)).toContain(bvnHolder._id);
    expect(await search(`${bvnHolder.individual!.firstName} ${bvnHolder.individual!.lastName}`)).toContain(
      bvnHolder._id,
    );
    await core!.dispose(); // every file written and closed, the WAL as it is left
    core = await testAppCore(dataDir);

    const secrets = customers.flatMap(privateStrings);
    expect(new Set(secrets).size).toBe(secrets.length);
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('customers.sqlite'))).toBe(true);
    expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of secrets) if (bytes.includes(secret)) found.push(`${secret} in ${file}`);
    }
    expect(found).toEqual([]);
    // What search needs stays readable: the names, emails and phones are in the cache file.
    const cacheFile = files.find((f) => f.endsWith('customers.sqlite'))!;
    const all = Buffer.concat(files.filter((f) => f.startsWith(cacheFile)).map((f) => readFileSync(f)));
    expect(all.includes(bvnHolder.emailAddress.toLowerCase())).toBe(true);
  });

  it('rebuilds the cache with a notice when the data key is gone from the keychain, and searches again', async () => {
    await useIndependentServer();
    await syncedWhole();
    const someone = server.customers[7]!;
    expect(await search(someone.individual!.identity.number)).toEqual([someone._id]);
    await core!.dispose();
    core = null;

    const keychain = defaultSecretStore();
    const dataKeys = (await keychain.accounts()).filter(
      (a) => a.startsWith(`${environmentId!} `) && a.endsWith(DATA_KEY_SUFFIX),
    );
    expect(dataKeys).toHaveLength(1);
    await keychain.delete(dataKeys[0]!);

    core = await testAppCore(dataDir);
    const status = (await call('customers.cacheStatus', undefined)) as { notice: string | null };
    expect(status.notice).toMatch(/data key is not in this computer's keychain.*being rebuilt/);
    await expect
      .poll(async () => ((await call('customers.cacheStatus', undefined)) as { customers: number }).customers, {
        timeout: 30_000,
      })
      .toBe(CUSTOMERS);
    await expect.poll(() => search(someone.individual!.identity.number), { timeout: 30_000 }).toEqual([someone._id]);
    expect(await keychain.accounts()).toContain(dataKeys[0]!);
  });
});
