// SecretStore on keytar (libsecret on Linux, Keychain on macOS, Credential Vault on Windows).
// keytar is a native module: it is loaded on first use so a broken install surfaces as a clear
// keychain error when a key is needed, not as a crash at start-up.
import { createRequire } from 'node:module';
import { KEYCHAIN_SERVICE, type SecretStore } from './secret-store';
import { keychainUnavailable } from './keychain-error';

type Keytar = typeof import('keytar');

export interface KeytarSecretStoreOptions {
  service?: string;
  /** Loads keytar; replaceable so a failing load can be exercised. */
  load?: () => Keytar;
}

const loadKeytar = (): Keytar => createRequire(import.meta.url)('keytar') as Keytar;

/**
 * keytar's calls, one at a time in this process: each runs libsecret on a thread of its own, and libsecret
 * called from two threads at once can crash the process (node-keytar issue 283). Every store of the process
 * shares this turn, since keytar and libsecret are one per process.
 */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(op: () => Promise<T>): Promise<T> {
  const run = turn.then(op);
  turn = run.catch(() => undefined);
  return run;
}

export class KeytarSecretStore implements SecretStore {
  private readonly service: string;
  private readonly load: () => Keytar;
  private keytar: Keytar | null = null;

  constructor(options: KeytarSecretStoreOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.load = options.load ?? loadKeytar;
  }

  get(account: string): Promise<string | null> {
    return this.call((k) => k.getPassword(this.service, account));
  }

  set(account: string, secret: string): Promise<void> {
    return this.call((k) => k.setPassword(this.service, account, secret));
  }

  delete(account: string): Promise<boolean> {
    return this.call((k) => k.deletePassword(this.service, account));
  }

  accounts(): Promise<string[]> {
    return this.call(async (k) => (await k.findCredentials(this.service)).map((c) => c.account));
  }

  private call<T>(op: (k: Keytar) => Promise<T>): Promise<T> {
    return inTurn(async () => {
      try {
        this.keytar ??= this.load();
        return await op(this.keytar);
      } catch (error) {
        throw keychainUnavailable(error);
      }
    });
  }
}
