// Where API keys live: only the operating system's keychain. One account per environment and address.

export interface SecretStore {
  /** The secret, or null when none is stored. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when a secret was deleted. */
  delete(account: string): Promise<boolean>;
  /** Every account that holds a secret under Card Desk's service. */
  accounts(): Promise<string[]>;
}

/** The keychain service name Card Desk's entries are filed under. */
export const KEYCHAIN_SERVICE = 'Card Desk';
