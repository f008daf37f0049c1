// The keychain Card Desk uses unless told otherwise. On Linux keytar's calls run in a keychain host
// process (hosted-secret-store.ts), so a Secret Service daemon that restarts is reached again without
// restarting Card Desk; `start` is how the host is started (Electron's utilityProcess in the app, a Node
// child process under plain Node). macOS's Keychain and Windows' Credential Manager have no such daemon
// to lose, and answer the app's own process: there keytar runs in-process.
import { HostedSecretStore } from './hosted-secret-store';
import type { StartKeychainHost } from './keychain-host-protocol';
import { KeytarSecretStore } from './keytar-secret-store';
import { nodeKeychainHost } from './node-keychain-host';
import type { SecretStore } from './secret-store';

export function defaultSecretStore(start?: StartKeychainHost): SecretStore {
  if (process.platform !== 'linux') return new KeytarSecretStore();
  if (start) return new HostedSecretStore({ start });
  // Electron cannot run a Node child from its own binary (its fuses forbid it): without a launcher, in-process.
  if (process.versions.electron) return new KeytarSecretStore();
  return new HostedSecretStore({ start: nodeKeychainHost() });
}
