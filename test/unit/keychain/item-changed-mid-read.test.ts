// An item removed by another program between libsecret's search and its read of that item: libsecret says
// "No such secret item at path …/collection/login/16". The keychain is fine; a read asks again (it changes
// nothing), a write is never repeated, and the message says what happened rather than "locked". A stand-in
// host (the process that calls keytar) answers as libsecret did in the keychain tests.
import { describe, expect, it } from 'vitest';
import { HostedSecretStore } from '../../../src-main/keychain/hosted-secret-store';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import type { KeychainAnswer, KeychainRequest } from '../../../src-main/keychain/keychain-host-protocol';

const VANISHED = 'No such secret item at path: /org/freedesktop/secrets/collection/login/16';

/**
 * A host whose first `failures` requests fail, then answers: answered with `failure`'s message (as libsecret's
 * error), or, with 'ends', by its process ending (as libsecret's crash on a removed item ends it).
 */
function standInHost(failures: number, failure: { message: string } | 'ends' = { message: VANISHED }) {
  const asked: string[] = [];
  let started = 0;
  const start = () => {
    started++;
    let listener: ((a: KeychainAnswer) => void) | null = null;
    let exit: (() => void) | null = null;
    return {
      send(request: KeychainRequest) {
        asked.push(request.op);
        let answer: KeychainAnswer = { id: request.id, ok: true, value: request.op === 'accounts' ? ['env-a'] : null };
        if (asked.length <= failures) {
          if (failure === 'ends') return queueMicrotask(() => exit?.());
          answer = { id: request.id, ok: false, message: failure.message };
        }
        queueMicrotask(() => listener?.(answer));
      },
      onMessage(l: (a: KeychainAnswer) => void) {
        listener = l;
      },
      onExit(l: () => void) {
        exit = l;
      },
      kill() {},
    };
  };
  return { start, asked, started: () => started };
}

describe('a keychain item removed while Card Desk reads', () => {
  it('is read again, on the same host, and the list comes back', async () => {
    const host = standInHost(2);
    const store = new HostedSecretStore({ start: host.start });
    expect(await store.accounts()).toEqual(['env-a']);
    expect(host.asked).toEqual(['accounts', 'accounts', 'accounts']);
    expect(host.started()).toBe(1);
  });

  it('is read again a bounded number of times, then said as a change by another program, not as locked', async () => {
    const host = standInHost(100);
    const store = new HostedSecretStore({ start: host.start, rereads: 3 });
    const error = await store.accounts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect((error as KeychainUnavailableError).problem).toBe('item_changed');
    expect((error as Error).message).toMatch(/added or removed by another program/);
    expect(host.asked).toHaveLength(4);
  });

  it('never repeats a write', async () => {
    const host = standInHost(1);
    const store = new HostedSecretStore({ start: host.start });
    await expect(store.set('env-a', 'sk_test_x')).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect(host.asked).toEqual(['set']);
  });

  it('a locked keyring is not read again', async () => {
    const host = standInHost(1, { message: 'Cannot create an item in a locked collection' });
    const store = new HostedSecretStore({ start: host.start });
    const error = await store.get('env-a').catch((e: unknown) => e);
    expect((error as KeychainUnavailableError).problem).toBe('locked');
    expect(host.asked).toEqual(['get']);
  });
});

describe('a keychain host that ends while it lists the keys', () => {
  it('lists again on a fresh host, and the list comes back', async () => {
    const host = standInHost(3, 'ends');
    const store = new HostedSecretStore({ start: host.start });
    expect(await store.accounts()).toEqual(['env-a']);
    expect(host.asked).toEqual(['accounts', 'accounts', 'accounts', 'accounts']);
    expect(host.started()).toBe(4);
  });

  it('after a bounded number of hosts, says another program changed the keys, never that there is no keychain', async () => {
    const host = standInHost(100, 'ends');
    const store = new HostedSecretStore({ start: host.start, rereads: 2 });
    const error = await store.accounts().catch((e: unknown) => e);
    expect((error as KeychainUnavailableError).problem).toBe('item_changed');
    expect((error as Error).message).toMatch(/added or removed by another program/);
    expect(host.asked).toHaveLength(3);
  });

  it('a write whose host ended is tried once more on a fresh host, then said as no keychain', async () => {
    const host = standInHost(100, 'ends');
    const store = new HostedSecretStore({ start: host.start });
    const error = await store.set('env-a', 'sk_test_x').catch((e: unknown) => e);
    expect((error as KeychainUnavailableError).problem).toBe('no_secret_service');
    expect(host.asked).toEqual(['set', 'set']);
  });
});
