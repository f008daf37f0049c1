// The messages between HostedSecretStore and the keychain host process (keychain-host.ts).

export type KeychainRequest =
  | { id: number; op: 'get'; service: string; account: string }
  | { id: number; op: 'set'; service: string; account: string; secret: string }
  | { id: number; op: 'delete'; service: string; account: string }
  | { id: number; op: 'accounts'; service: string };

export type KeychainAnswer =
  { id: number; ok: true; value: string | boolean | string[] | null } | { id: number; ok: false; message: string };

/** A running keychain host, as the launcher that started it gives it. */
export interface KeychainHostProcess {
  send(request: KeychainRequest): void;
  onMessage(listener: (answer: KeychainAnswer) => void): void;
  /** Told once when the process ends, whatever the reason. */
  onExit(listener: () => void): void;
  kill(): void;
}

/** Starts a keychain host: a Node child process here, Electron's utilityProcess in the app. */
export type StartKeychainHost = () => KeychainHostProcess;
