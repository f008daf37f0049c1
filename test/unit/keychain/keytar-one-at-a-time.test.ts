// keytar's calls run one at a time in a process, across every store of it: libsecret called from two of
// keytar's threads at once can crash the process. A stand-in keytar (the store's `load`) counts the calls
// under way and answers later than it is asked.
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';

function countingKeytar() {
  let running = 0;
  const seen = { most: 0, order: [] as string[] };
  const slow = async <T>(name: string, value: T): Promise<T> => {
    running++;
    seen.most = Math.max(seen.most, running);
    await new Promise((r) => setTimeout(r, 5));
    seen.order.push(name);
    running--;
    return value;
  };
  const keytar = {
    getPassword: (_s: string, account: string) => slow(`get ${account}`, `secret of ${account}`),
    setPassword: (_s: string, account: string) => slow(`set ${account}`, undefined),
    deletePassword: (_s: string, account: string) => slow(`delete ${account}`, true),
    findCredentials: () => slow('accounts', [{ account: 'a', password: 'x' }]),
  };
  return { keytar: keytar as unknown as typeof import('keytar'), seen };
}

describe('keytar calls', () => {
  it('run one at a time, in the order asked, across two stores of the process', async () => {
    const { keytar, seen } = countingKeytar();
    const one = new KeytarSecretStore({ load: () => keytar });
    const two = new KeytarSecretStore({ load: () => keytar, service: 'other' });
    const answers = await Promise.all([one.get('a'), two.set('b', 's'), one.delete('c'), two.accounts(), one.get('d')]);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(['get a', 'set b', 'delete c', 'accounts', 'get d']);
    expect(answers).toEqual(['secret of a', undefined, true, ['a'], 'secret of d']);
  });

  it('go on after a call that fails', async () => {
    const { keytar, seen } = countingKeytar();
    const failing = new KeytarSecretStore({
      load: () => ({ ...keytar, getPassword: () => Promise.reject(new Error('bus gone')) }),
    });
    const store = new KeytarSecretStore({ load: () => keytar });
    const [failed, ok] = await Promise.allSettled([failing.get('x'), store.get('y')]);
    expect(failed.status).toBe('rejected');
    expect(ok).toEqual({ status: 'fulfilled', value: 'secret of y' });
    expect(seen.order).toEqual(['get y']);
  });
});
