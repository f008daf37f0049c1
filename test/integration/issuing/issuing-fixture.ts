// A real local sandbox over HTTP, a real API client, a real journal and known-cards index on disk, the
// issuing service over them, and the channels that reach it (cards.create, accounts.create, journal.*),
// each from the room that owns it, for the integration tests of issuing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { luhnValid } from '../../../src-shared/api/rules';
import { contract, type Channel, type InputOf, type OutputOf } from '../../../src-shared/ipc/contract';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { validationError, type Result } from '../../../src-shared/ipc/result';
import { createCardApiClient } from '../../../src-main/api/client';
import { openKnownCards, type KnownCards } from '../../../src-main/cards/known-cards';
import { accountHandlers } from '../../../src-main/accounts/handlers';
import { cardHandlers } from '../../../src-main/cards/handlers';
import type { HandlersFor } from '../../../src-main/ipc/handler';
import { createIssuingService, type IssuingDeps, type IssuingService } from '../../../src-main/issuing/issuing-service';
import { scheduleReconciliation, type ReconcileSchedule } from '../../../src-main/issuing/reconcile-schedule';
import { journalHandlers } from '../../../src-main/journal/handlers';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import type { ActiveEnvironment } from '../../../src-main/environments/environment-manager';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';

export type IssuingChannel = 'cards.create' | 'accounts.create' | 'journal.list' | 'journal.acknowledgeResend';

export interface IssuingFixture {
  sandbox: SandboxHandle;
  journal: Journal;
  knownCards: KnownCards;
  handlers: HandlersFor<IssuingChannel> & { service: IssuingService };
  /** Reconciliation on its schedule, as the app runs it (every `reconcileEveryMs`, default far above a test). */
  reconciliation: ReconcileSchedule;
  events: JournalEntry[];
  folder: string;
  /** Calls a handler the way the dispatcher does: input checked by the contract first. */
  call<C extends IssuingChannel>(channel: C, input: InputOf<C>): Promise<Result<OutputOf<C>>>;
  /** POST requests the sandbox received on this path. */
  posts(path: '/cards' | '/accounts'): { status: number; body?: unknown }[];
  reopenJournal(): void;
  close(): Promise<void>;
}

export const ENVIRONMENT_ID = 'integration-sandbox';

export async function startIssuingFixture(
  options: Partial<IssuingDeps> & { reconcileEveryMs?: number } = {},
): Promise<IssuingFixture> {
  const { reconcileEveryMs = 3_600_000, ...issuingOptions } = options;
  const sandbox = await startSandbox({ seed: 7, customers: 40 });
  const folder = mkdtempSync(join(tmpdir(), 'issuing-'));
  const api = createCardApiClient({
    baseUrl: sandbox.url,
    getKey: async () => sandbox.key,
    timeouts: { headersMs: 5_000, totalMs: 10_000 },
  });
  const active: ActiveEnvironment = {
    environment: {
      id: ENVIRONMENT_ID,
      name: 'Local sandbox',
      baseUrl: sandbox.url,
      builtIn: true,
      hasKey: true,
      keyVerified: true,
    },
    api,
    dataDir: join(folder, 'environments', ENVIRONMENT_ID),
  };
  const journalFile = join(folder, 'journal.sqlite');
  let journal = openJournal({ file: journalFile });
  const knownCards = openKnownCards({ folder: active.dataDir });
  const events: JournalEntry[] = [];
  const getActive = async () => active;
  const service = createIssuingService({
    getActive,
    getJournal: async () => journal,
    getKnownCards: async () => knownCards,
    emit: (name, payload) => {
      if (name === 'journal.changed') events.push(payload as JournalEntry);
    },
    ...issuingOptions,
  });
  const reconciliation = scheduleReconciliation({
    service,
    hasUnknownOutcomes: () => journal.list({ outcome: 'outcome_unknown', limit: 1 }).total > 0,
    everyMs: reconcileEveryMs,
  });
  const { 'cards.create': createCard } = cardHandlers({
    getActive,
    getKnownCards: async () => knownCards,
    createCard: (request, o) => service.createCard(request, o),
  });
  const { 'accounts.create': createAccount } = accountHandlers({
    getActive,
    createAccount: (request, o) => service.createAccount(request, o),
  });
  const journalInUse = {
    get journal() {
      return journal;
    },
    status: { state: 'ok' as const, problem: null, asideFile: null },
    startNew: () => journalInUse.status,
  };
  const { 'journal.list': listJournal, 'journal.acknowledgeResend': acknowledgeResend } = journalHandlers({
    journal: journalInUse,
    dataDir: folder,
    environmentId: async () => ENVIRONMENT_ID,
    acknowledgeResend: (id) => service.acknowledgeResend(id),
    notice: () => {},
  });
  const handlers = {
    'cards.create': createCard,
    'accounts.create': createAccount,
    'journal.list': listJournal,
    'journal.acknowledgeResend': acknowledgeResend,
    service,
  };
  return {
    sandbox,
    get journal() {
      return journal;
    },
    knownCards,
    handlers,
    reconciliation,
    events,
    folder,
    async call(channel, input) {
      const parsed = contract[channel as Channel].input.safeParse(input);
      if (!parsed.success) return validationError(parsed.error.issues);
      const handler = handlers[channel] as unknown as (
        i: unknown,
        ctx: { signal: AbortSignal },
      ) => Promise<Result<OutputOf<typeof channel>>>;
      return handler(parsed.data, { signal: new AbortController().signal });
    },
    posts(path) {
      return sandbox
        .requests()
        .filter((r) => r.method === 'POST' && r.url === path)
        .map((r) => ({ status: r.status, body: r.body }));
    },
    reopenJournal() {
      journal.close();
      journal = openJournal({ file: journalFile });
    },
    async close() {
      reconciliation.dispose();
      journal.close();
      knownCards.close();
      await sandbox.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A Luhn-valid 16-digit Verve-range PAN ending near `tail`. */
export function vervePan(tail: number): string {
  const body = `506099${String(tail).padStart(9, '0')}`;
  const check = [...Array(10).keys()].find((d) => luhnValid(`${body}${d}`))!;
  return `${body}${check}`;
}
