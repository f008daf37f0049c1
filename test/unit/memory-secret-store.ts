// A SecretStore in memory, for unit tests of code that takes the keychain as a port (the integration tests
// use the real keychain).
import type { SecretStore } from '../../src-main/keychain/secret-store';

export function memoryStore(): SecretStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (a) => entries.get(a) ?? null,
    set: async (a, s) => void entries.set(a, s),
    delete: async (a) => entries.delete(a),
    accounts: async () => [...entries.keys()],
  };
}
