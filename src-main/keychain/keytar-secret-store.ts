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

  private async call<T>(op: (k: Keytar) => Promise<T>): Promise<T> {
    try {
      this.keytar ??= this.load();
      return await op(this.keytar);
    } catch (error) {
      throw keychainUnavailable(error);
    }
  }
}
