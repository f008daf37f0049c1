// What the shell (src-main/index.ts) and the test harness give the app core: the data folder, the ports
// to the desktop (save dialog, browser, clipboard, theme, proxy resolver, idle signals), the keychain, and
// the organisation's policy with the settings it may fix.
import type { StartKeychainHost } from '../keychain/keychain-host-protocol';
import type { SecretStore } from '../keychain/secret-store';
import type { LockSignals } from '../lock/app-lock';
import type { EnvironmentManagerOptions } from '../environments/environment-manager-types';
import type { AppLogger } from '../logging/logger';
import type { Policy } from '../policy/policy';
import type { Emit, OpenExternal, ResolveProxy, SaveFilePort, SetThemeSource } from '../ports/ports';
import type { SandboxOptions } from '../sandbox/handle';
import type { TeamCustomerTimings } from '../team/sync/team-customers';
import type { UpdatesPort } from '../updates/handlers';

export interface AppCoreOptions {
  /** The app's data folder (Electron's userData). */
  dataDir: string;
  saveFile: SaveFilePort;
  openExternal: OpenExternal;
  /** Where the theme the operator chose goes (the shell's nativeTheme); none in the harness. */
  setThemeSource?: SetThemeSource;
  emit: Emit;
  /** Defaults to the OS keychain through keytar (on Linux in a host process: defaultSecretStore). */
  secretStore?: SecretStore;
  /** Starts the keychain host process on Linux (Electron's utilityProcess in the app; see defaultSecretStore). */
  keychainHost?: StartKeychainHost;
  logger?: AppLogger;
  /** Options for the built-in local sandbox (seed, number of customers). */
  localSandbox?: Omit<SandboxOptions, 'port' | 'key'>;
  /** Whether the local sandbox's first customer sync starts by itself (default true, as for a real environment). */
  localSandboxFirstSync?: boolean;
  /** The customer cache's worker script (the built `cache-worker.js` in the packaged app). */
  cacheWorkerUrl?: URL;
  /** The operating system's proxy for a URL (Electron's session.resolveProxy); default HTTPS_PROXY & co. */
  resolveProxy?: ResolveProxy;
  /** The organisation's policy (policy-file.ts reads it); none by default. */
  policy?: Policy;
  /** Customer caches not opened for this many days are deleted at start (default: the policy's `cacheRetentionDays`, else 30). */
  cacheRetentionDays?: number;
  /** Minutes without input before Card Desk locks, fixed (default: the policy's `autoLockMinutes`, else the operator's choice, 10 at first). */
  autoLockMinutes?: number;
  /** Unlocking takes the operator's passcode (default: the policy's `unlockPasscode`, else false: a click). */
  unlockPasscode?: boolean;
  /** The system's idle time and screen-lock/sleep events (the shell's powerMonitor); none in the harness. */
  lockSignals?: LockSignals;
  /** The clock the lock counts its waits after wrong passcodes on (default Date.now; tests step it). */
  lockClock?: () => number;
  /** Writes the system clipboard (Electron's clipboard in the app); Copy answers an error without one. */
  writeClipboard?: (text: string) => void | Promise<void>;
  /** The updater, once the shell has started it; updates are off without one. */
  updates?: () => UpdatesPort | null;
  /**
   * The team database's timings: how often the journal's outbox looks for events, how soon a lost database is
   * tried again, how long a pooled connection stays open idle, and the customer sync's (lease, renewal,
   * passes, polling).
   */
  team?: {
    sendEveryMs?: number;
    firstRetryMs?: number;
    maxRetryMs?: number;
    idleMs?: number;
    customers?: TeamCustomerTimings;
  };
  /**
   * Reconciliation's timings: how often the journal is looked at for unknown outcomes (default 30 s) and the
   * least time between two looks on the service for one of them (default 60 s).
   */
  reconcile?: { everyMs?: number; recheckMs?: number };
  /** Every API client's time limits and retries (default: the client's own, api/client.ts). */
  apiClient?: EnvironmentManagerOptions['client'];
}
