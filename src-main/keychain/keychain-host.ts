// The keychain host: a small process of its own that makes keytar's calls for the main process
// (hosted-secret-store.ts). libsecret, under keytar on Linux, opens its connection to the Secret Service
// once per process and keeps the daemon's unique bus name (`:1.0`) for as long as the process lives: after
// the keyring daemon stops and starts again, every call in that process fails ("The name :1.0 was not
// provided by any .service files") until it ends. A host process can end: the store starts a fresh one,
// which connects to the daemon now running.
import { createRequire } from 'node:module';
import { errorMessage } from '../errors/error-message';
import type { KeychainAnswer, KeychainRequest } from './keychain-host-protocol';

type Keytar = typeof import('keytar');

interface Channel {
  on(event: 'message', listener: (message: unknown) => void): void;
  postMessage?: (message: KeychainAnswer) => void;
}

let keytar: Keytar | null = null;

async function answer(request: KeychainRequest): Promise<KeychainAnswer> {
  try {
    keytar ??= createRequire(import.meta.url)('keytar') as Keytar;
    switch (request.op) {
      case 'get':
        return { id: request.id, ok: true, value: await keytar.getPassword(request.service, request.account) };
      case 'set':
        await keytar.setPassword(request.service, request.account, request.secret);
        return { id: request.id, ok: true, value: null };
      case 'delete':
        return { id: request.id, ok: true, value: await keytar.deletePassword(request.service, request.account) };
      case 'accounts':
        return {
          id: request.id,
          ok: true,
          value: (await keytar.findCredentials(request.service)).map((c) => c.account),
        };
    }
  } catch (e) {
    return { id: request.id, ok: false, message: errorMessage(e) };
  }
}

// Electron's utilityProcess gives `process.parentPort`; a Node child process has `process.send`.
const parentPort = (process as unknown as { parentPort?: Channel }).parentPort;
const reply = (a: KeychainAnswer) => (parentPort?.postMessage ? parentPort.postMessage(a) : process.send?.(a));
const listen = (handle: (m: unknown) => void) => {
  if (parentPort) parentPort.on('message', (e) => handle((e as { data?: unknown }).data ?? e));
  else process.on('message', handle);
};
// One request at a time, in the order they came: libsecret called from two of keytar's threads at once can
// crash the process (node-keytar issue 283), and every call the app makes would fail with it.
let turn: Promise<void> = Promise.resolve();
listen((message) => {
  turn = turn
    .then(() => answer(message as KeychainRequest))
    .then(
      (a) => void reply(a),
      () => undefined,
    );
});
// The main process gone, so is this one.
process.on('disconnect', () => process.exit(0));
