// The real OS keychain (a private gnome-keyring from test/run-with-keychain.sh).
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../../src-main/keychain/secret-store';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';

beforeAll(() => {
  if (process.env.CARD_DESK_KEYCHAIN !== 'gnome-keyring') {
    throw new Error(
      'These tests need the test keychain: run them with bash test/run-with-keychain.sh npx vitest run ...',
    );
  }
});

describe('KeytarSecretStore on the real keychain', () => {
  const store = new KeytarSecretStore();

  it('sets, reads, replaces and deletes a secret', async () => {
    const account = `env-${randomUUID()}`;
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'sk_test_first_value_0001');
    expect(await store.get(account)).toBe('sk_test_first_value_0001');
    await store.set(account, 'sk_test_second_value_0002');
    expect(await store.get(account)).toBe('sk_test_second_value_0002');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('files secrets under the "Card Desk" service, one account per environment', async () => {
    const a = `env-${randomUUID()}`;
    const b = `env-${randomUUID()}`;
    await store.set(a, 'secret-for-a-000');
    await store.set(b, 'secret-for-b-000');
    const keytar = createRequire(import.meta.url)('keytar') as typeof import('keytar');
    expect(KEYCHAIN_SERVICE).toBe('Card Desk');
    expect(await keytar.getPassword('Card Desk', a)).toBe('secret-for-a-000');
    expect(await keytar.getPassword('Card Desk', b)).toBe('secret-for-b-000');
    expect(await keytar.getPassword('Some other app', a)).toBeNull();
    await store.delete(a);
    expect(await store.get(b)).toBe('secret-for-b-000');
    await store.delete(b);
  });

  it('a separate service name keeps its own secrets', async () => {
    const other = new KeytarSecretStore({ service: `Card Desk test ${randomUUID()}` });
    const account = `env-${randomUUID()}`;
    await other.set(account, 'isolated-secret-0');
    expect(await store.get(account)).toBeNull();
    expect(await other.delete(account)).toBe(true);
  });
});
