// Run as a child process by keychain-unavailable.test.ts: tries every SecretStore operation with the
// environment it was given and prints what each one answered, as JSON on stdout.
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';

const store = new KeytarSecretStore();
const account = `probe-${process.pid}`;
const secret = process.argv[2] ?? 'probe-secret';

async function attempt(op: () => Promise<unknown>) {
  try {
    return { ok: true, value: await op() };
  } catch (error) {
    if (error instanceof KeychainUnavailableError)
      return { ok: false, problem: error.problem, error: error.toAppError() };
    return { ok: false, unexpected: String(error) };
  }
}

const report = {
  set: await attempt(() => store.set(account, secret)),
  get: await attempt(() => store.get(account)),
  delete: await attempt(() => store.delete(account)),
};
process.stdout.write(JSON.stringify(report));
