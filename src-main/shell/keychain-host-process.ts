// Starts the keychain host (src-main/keychain/keychain-host.ts, bundled as keychain-host.js beside the
// main bundle) as an Electron utility process: a Node.js process of the app's own, which Electron allows
// where its fuses forbid running its binary as Node. The keychain store ends it and starts another when the
// Secret Service it talked to has gone (src-main/keychain/hosted-secret-store.ts).
import path from 'node:path';
import { utilityProcess } from 'electron';
import type { KeychainAnswer, KeychainHostProcess, StartKeychainHost } from '../keychain/keychain-host-protocol';
import { BUILT_KEYCHAIN_HOST_FILE } from '../keychain/node-keychain-host';

export function utilityKeychainHost(bundleDir: string): StartKeychainHost {
  return (): KeychainHostProcess => {
    const child = utilityProcess.fork(path.join(bundleDir, BUILT_KEYCHAIN_HOST_FILE), [], {
      serviceName: 'Card Desk keychain',
      stdio: 'ignore',
    });
    let exited = false;
    return {
      send: (request) => {
        if (!exited) child.postMessage(request);
      },
      onMessage: (listener) => child.on('message', (m: unknown) => listener(m as KeychainAnswer)),
      onExit: (listener) =>
        child.once('exit', () => {
          exited = true;
          listener();
        }),
      kill: () => {
        if (!exited) child.kill();
      },
    };
  };
}
