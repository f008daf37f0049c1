// SecretStore whose keytar calls run in a keychain host process (keychain-host.ts), so the keychain heals
// when its cause goes: libsecret keeps talking to the Secret Service daemon it first met for the life of
// its process, so after the daemon restarts only a new process reaches the new one. A call that fails
// because no Secret Service answered, or whose host died or did not answer, ends that host; the next host
// started connects afresh. Such a call is tried once more on a fresh host at once (a bounded retry: the
// keychain's set and delete are idempotent, and nothing reached the daemon), so the first call after the
// daemon is back already works. A host that ended by itself during a read crashed in libsecret: listing
// an item another program removed meanwhile ends its process (list-while-changed.test.ts). That read is
// read again on a fresh host, as a read that met a removed item is, and is never said as "no keychain".
import { KEYCHAIN_SERVICE, type SecretStore } from './secret-store';
import {
  classifyKeychainFailure,
  KeychainUnavailableError,
  keychainUnavailable,
  type KeychainProblem,
} from './keychain-error';
import type { KeychainAnswer, KeychainHostProcess, KeychainRequest, StartKeychainHost } from './keychain-host-protocol';

export interface HostedSecretStoreOptions {
  start: StartKeychainHost;
  service?: string;
  /** How long a call may wait for its answer (a keyring's unlock prompt waits for the user). Default 120 s. */
  answerWithinMs?: number;
  /** Tries of one call on fresh hosts after its first (default 1). */
  retries?: number;
  /** Tries of a read again after an item it met was removed mid-read by another program (default 5). */
  rereads?: number;
}

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Ask = Distribute<KeychainRequest>;

const READS: ReadonlySet<KeychainRequest['op']> = new Set(['get', 'accounts']);

/** The host did not answer: it ended by itself (`ended`), was ended by the store, or took too long. */
class HostLost extends Error {
  constructor(
    message: string,
    readonly ended = false,
  ) {
    super(message);
  }
}

export class HostedSecretStore implements SecretStore {
  private readonly service: string;
  private readonly answerWithinMs: number;
  private readonly retries: number;
  private readonly rereads: number;
  private host: KeychainHostProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { host: KeychainHostProcess; done: (a: KeychainAnswer | HostLost) => void }
  >();
  /** Hosts started (for the log and the tests). */
  hostsStarted = 0;

  constructor(private readonly options: HostedSecretStoreOptions) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.answerWithinMs = options.answerWithinMs ?? 120_000;
    this.retries = options.retries ?? 1;
    this.rereads = options.rereads ?? 5;
  }

  async get(account: string): Promise<string | null> {
    const v = await this.call({ op: 'get', service: this.service, account });
    return typeof v === 'string' ? v : null;
  }

  async set(account: string, secret: string): Promise<void> {
    await this.call({ op: 'set', service: this.service, account, secret });
  }

  async delete(account: string): Promise<boolean> {
    return (await this.call({ op: 'delete', service: this.service, account })) === true;
  }

  async accounts(): Promise<string[]> {
    const v = await this.call({ op: 'accounts', service: this.service });
    return Array.isArray(v) ? v : [];
  }

  /** Ends the host (at quit); a later call starts another. */
  dispose(): void {
    this.recycle();
  }

  private async call(ask: Ask): Promise<string | boolean | string[] | null> {
    let fresh = 0;
    let rereads = 0;
    for (;;) {
      let answer: KeychainAnswer | HostLost;
      try {
        answer = await this.ask(ask);
      } catch (e) {
        // The host could not be started (the module is missing): nothing a fresh one would change.
        throw keychainUnavailable(e);
      }
      if (!(answer instanceof HostLost) && answer.ok) return answer.value;
      const failure = answer instanceof HostLost ? answer : new Error(answer.message);
      const problem = answer instanceof HostLost ? lostProblem(answer, ask.op) : classifyKeychainFailure(failure);
      // A read that met an item another program removed meanwhile reads again (reads change nothing).
      if (problem === 'item_changed' && READS.has(ask.op) && rereads++ < this.rereads) continue;
      // Only a keychain that did not answer at all is worth a fresh connection; a locked keyring or a
      // refusal stays as it is until the user acts.
      if (problem !== 'no_secret_service') throw new KeychainUnavailableError(problem, failure.message);
      this.recycle();
      if (fresh++ >= this.retries) throw new KeychainUnavailableError(problem, failure.message);
    }
  }

  private ask(ask: Ask): Promise<KeychainAnswer | HostLost> {
    const host = this.liveHost();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.recycle();
        resolve(new HostLost(`The keychain did not answer within ${Math.round(this.answerWithinMs / 1000)} s.`));
      }, this.answerWithinMs);
      this.pending.set(id, {
        host,
        done: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
      });
      host.send({ ...ask, id });
    });
  }

  private liveHost(): KeychainHostProcess {
    if (this.host) return this.host;
    const host = this.options.start();
    this.hostsStarted++;
    host.onMessage((answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      waiting.done(answer);
    });
    host.onExit(() => {
      if (this.host === host) this.host = null;
      this.failPending(host, 'The keychain host ended before it answered.', true);
    });
    this.host = host;
    return host;
  }

  /** Ends the current host; calls waiting on it are answered as lost. */
  private recycle(): void {
    const host = this.host;
    this.host = null;
    if (!host) return;
    host.kill();
    this.failPending(host, 'The keychain host was restarted before it answered.');
  }

  /** Answers the calls waiting on `host` as lost (those of a later host go on waiting for theirs). */
  private failPending(host: KeychainHostProcess, message: string, ended = false): void {
    for (const [id, w] of this.pending) {
      if (w.host !== host) continue;
      this.pending.delete(id);
      w.done(new HostLost(message, ended));
    }
  }
}

/** A read whose host ended by itself met an item removed under it; anything else lost is no answer at all. */
function lostProblem(lost: HostLost, op: KeychainRequest['op']): KeychainProblem {
  return lost.ended && READS.has(op) ? 'item_changed' : 'no_secret_service';
}
