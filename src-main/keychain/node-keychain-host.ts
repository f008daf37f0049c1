// Starts the keychain host (keychain-host.ts) as a Node child process: for the test harness, the tests and
// any run of the core under plain Node. The Electron app starts the same file with utilityProcess instead
// (Electron's fuses forbid running its binary as Node). From sources the host is keychain-host.ts run
// through tsx; bundled, keychain-host.js beside the main bundle.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeychainAnswer, KeychainHostProcess, StartKeychainHost } from './keychain-host-protocol';

export const BUILT_KEYCHAIN_HOST_FILE = 'keychain-host.js';

/** The host's file beside this module, and the Node options it needs. */
export function keychainHostLocation(moduleUrl: string = import.meta.url): { file: string; execArgv: string[] } {
  const here = dirname(fileURLToPath(moduleUrl));
  return moduleUrl.endsWith('.ts')
    ? { file: join(here, 'keychain-host.ts'), execArgv: ['--import', 'tsx'] }
    : { file: join(here, BUILT_KEYCHAIN_HOST_FILE), execArgv: [] };
}

/** `env`: the host's environment (default this process's: its D-Bus session is the keychain's). */
export function nodeKeychainHost(location = keychainHostLocation(), env?: NodeJS.ProcessEnv): StartKeychainHost {
  return (): KeychainHostProcess => {
    const child = fork(location.file, [], {
      execArgv: location.execArgv,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      ...(env ? { env } : {}),
    });
    // The host never keeps Card Desk (or a test) running: it ends with its parent (see keychain-host.ts).
    child.unref();
    child.channel?.unref();
    let exited = false;
    return {
      send: (request) => {
        if (!exited && child.connected) child.send(request);
      },
      onMessage: (listener) => child.on('message', (m) => listener(m as KeychainAnswer)),
      onExit: (listener) => {
        const once = () => {
          if (exited) return;
          exited = true;
          listener();
        };
        child.once('exit', once);
        child.once('error', once);
      },
      kill: () => {
        if (!exited) child.kill();
      },
    };
  };
}
