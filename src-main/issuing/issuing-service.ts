// Issuing cards and opening accounts and wallets, each write journaled and sent at most once, and the
// reconciliation of writes whose outcome was unknown.
import type { Account, Card } from '../../src-shared/api/records';
import type { CreateAccountRequest, CreateCardRequest } from '../../src-shared/api/requests';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { err, type Result } from '../../src-shared/ipc/result';
import { backgroundClient } from '../api/call-priority';
import type { KnownCards } from '../cards/known-cards';
import type { Emit, Logger } from '../ports/ports';
import type { Journal } from '../journal/journal';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import { newClientReference } from './client-reference';
import { InFlightWrites } from './in-flight';
import { answerOf, journaledWrite, type WriteContext } from './journaled-write';
import { reconcileAccountEntries } from './reconcile-accounts';
import { reconcileCardEntries } from './reconcile-cards';
import { errorMessage } from '../errors/error-message';
import { reconcileCardEntriesOnline } from './reconcile-cards-online';

export interface IssuingDeps {
  getActive: () => Promise<ActiveEnvironment>;
  getJournal: () => Promise<Journal>;
  getKnownCards: () => Promise<KnownCards>;
  emit: Emit;
  logger?: Logger;
  newClientReference?: () => string;
  now?: () => number;
  /** The customer's name, for "You issued this card to Ada Obi 2 minutes ago" (e.g. from the customer cache). */
  customerName?: (customerId: string) => Promise<string | null>;
  /** How long after a success an identical write needs the operator's confirmation (default 10 minutes). */
  repeatWindowMs?: number;
  /** Least time between two automatic look-ups of the accounts behind one unknown outcome (default 60 s). */
  accountRecheckMs?: number;
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** The operator confirmed a write identical to one that succeeded minutes ago. */
  confirmRepeat?: boolean;
  /** The batch (issue from a file) and row a card belongs to, recorded on its journal entry. */
  batch?: { batchId: string; row: number };
}

export interface IssuingService {
  createCard(request: CreateCardRequest, options?: WriteOptions): Promise<Result<Card>>;
  createAccount(request: CreateAccountRequest, options?: WriteOptions): Promise<Result<Account>>;
  /** Reconciles unknown card outcomes of the active environment from the known-cards index (local, no network). */
  reconcile(): Promise<JournalEntry[]>;
  /** Looks up accounts behind unknown account outcomes (network); `force` ignores the per-entry pause. */
  reconcileAccounts(options?: { force?: boolean; signal?: AbortSignal }): Promise<JournalEntry[]>;
  /** Starts `reconcileAccounts` without waiting for it; its findings arrive as `journal.changed` events. */
  reconcileAccountsInBackground(): void;
  /** Lets an unknown-outcome write be sent again, after one more look for what it may have created. */
  acknowledgeResend(id: string): Promise<Result<JournalEntry>>;
}

const CARD_UNKNOWN_ADVICE =
  'It is recorded in the Journal, which marks it reconciled if the card turns up (for example in an authorization).';
const ACCOUNT_UNKNOWN_ADVICE =
  'It is recorded in the Journal. Check Accounts for it; Card Desk looks there too and marks it reconciled if it finds it.';

export function createIssuingService(deps: IssuingDeps): IssuingService {
  const inFlight = new InFlightWrites();
  const now = deps.now ?? Date.now;
  const recheckMs = deps.accountRecheckMs ?? 60_000;
  const makeReference = deps.newClientReference ?? newClientReference;
  const lastAccountCheck = new Map<string, number>();
  let accountRun: Promise<JournalEntry[]> | null = null;
  const changed = (entry: JournalEntry) => deps.emit('journal.changed', entry);
  const warn = (what: string, e: unknown) => deps.logger?.warn({ error: errorMessage(e) }, what);

  async function context(): Promise<WriteContext & { active: ActiveEnvironment }> {
    const active = await deps.getActive();
    return {
      active,
      environmentId: active.environment.id,
      origin: originOf(active.environment.baseUrl),
      journal: await deps.getJournal(),
      inFlight,
      changed,
      logger: deps.logger,
      now,
      ...(deps.repeatWindowMs !== undefined ? { repeatWindowMs: deps.repeatWindowMs } : {}),
      ...(deps.customerName ? { customerName: deps.customerName } : {}),
    };
  }

  async function reconcile(): Promise<JournalEntry[]> {
    const { environmentId, journal } = await context();
    if (journal.unresolved(environmentId, 'cards.create').length === 0) return [];
    const found = reconcileCardEntries(journal, await deps.getKnownCards(), environmentId);
    found.forEach(changed);
    return found;
  }

  /** Looks on the service for what unknown outcomes created: accounts by listing, cards through authorizations. */
  async function runAccountReconcile(force: boolean, signal?: AbortSignal): Promise<JournalEntry[]> {
    const { active, environmentId, journal } = await context();
    const due = journal
      .unresolved(environmentId)
      .filter((e) => force || now() - (lastAccountCheck.get(e.id) ?? 0) >= recheckMs);
    if (due.length === 0) return [];
    due.forEach((e) => lastAccountCheck.set(e.id, now()));
    // Reconciling is background work: an operator's calls go first.
    const look = { api: backgroundClient(active.api), journal, environmentId, ...(signal ? { signal } : {}) };
    const accounts = await reconcileAccountEntries(
      due.filter((e) => e.operation === 'accounts.create'),
      look,
    );
    const cards = await reconcileCardEntriesOnline(
      due.filter((e) => e.operation === 'cards.create'),
      look,
    );
    for (const card of cards.reconciled) await markReplaced(card);
    const found = [...accounts, ...cards.reconciled];
    [...found, ...cards.noted].forEach(changed);
    // Accounts whose look found nothing still changed: their evidence is new.
    for (const e of due.filter((d) => d.operation === 'accounts.create' && !accounts.some((a) => a.id === d.id))) {
      const latest = journal.get(e.id);
      if (latest) changed(latest);
    }
    return found;
  }

  /** A replacement that did happen canceled the old card on the service; the index learns it. */
  async function markReplaced(entry: JournalEntry): Promise<void> {
    const replaced = entry.request.replacementFor;
    if (typeof replaced !== 'string') return;
    try {
      (await deps.getKnownCards()).markCanceled(replaced);
    } catch (e) {
      warn('could not mark the replaced card canceled', e);
    }
  }

  function reconcileAccounts({ force = false, signal }: { force?: boolean; signal?: AbortSignal } = {}): Promise<
    JournalEntry[]
  > {
    // One look-up at a time; a forced one waits for a running one, then looks again.
    const previous = accountRun ?? Promise.resolve([]);
    const run = previous.catch(() => []).then(() => runAccountReconcile(force, signal));
    accountRun = run;
    void run
      .catch(() => undefined)
      .finally(() => {
        if (accountRun === run) accountRun = null;
      });
    return run;
  }

  function reconcileAccountsInBackground(): void {
    void reconcileAccounts().catch((e: unknown) => warn('account reconciliation failed', e));
  }

  return {
    async createCard(request, { signal, confirmRepeat = false, batch } = {}) {
      const ctx = await context();
      // Taken now, so the card lands in the index of the environment it was issued in.
      const knownCards = await deps.getKnownCards().catch((e: unknown) => {
        warn('the known-cards index could not be opened', e);
        return null;
      });
      const clientReference = makeReference();
      const outcome = await journaledWrite<Card>(ctx, {
        operation: 'cards.create',
        noun: 'card',
        request,
        clientReference,
        // The renderer's cancel is honoured only before sending: once sent, waiting for the answer is
        // the only way to know whether the card exists.
        send: (toSend) => ctx.active.api.createCard(toSend as CreateCardRequest),
        resultIdOf: (card) => card._id,
        recheckUnknown: async () => {
          await reconcile();
          await reconcileAccounts({ force: true }).catch((e: unknown) => warn('card reconciliation failed', e));
        },
        cancelled: () => signal?.aborted ?? false,
        confirmRepeat,
        ...(batch ? { batch } : {}),
      });
      if (outcome.kind === 'answered' && outcome.result.ok && knownCards) {
        const card = outcome.result.data;
        try {
          const indexed = card.metadata?.clientReference
            ? card
            : { ...card, metadata: { ...(card.metadata ?? {}), clientReference } };
          knownCards.observe([indexed], 'issued');
          if (request.replacementFor) knownCards.markCanceled(request.replacementFor);
          await reconcile();
        } catch (e) {
          warn('could not record the issued card in the known-cards index', e);
        }
      }
      return answerOf(outcome, CARD_UNKNOWN_ADVICE);
    },

    async createAccount(request, { signal, confirmRepeat = false } = {}) {
      const ctx = await context();
      const outcome = await journaledWrite<Account>(ctx, {
        operation: 'accounts.create',
        noun: request.type === 'wallet' ? 'wallet' : 'account',
        request,
        clientReference: null,
        send: (toSend) => ctx.active.api.createAccount(toSend as CreateAccountRequest),
        resultIdOf: (account) => account._id,
        recheckUnknown: async () => {
          await reconcileAccounts({ force: true }).catch((e: unknown) => warn('account reconciliation failed', e));
        },
        cancelled: () => signal?.aborted ?? false,
        confirmRepeat,
      });
      if (outcome.kind === 'answered' && !outcome.result.ok && outcome.result.error.kind === 'outcome_unknown') {
        reconcileAccountsInBackground();
      }
      return answerOf(outcome, ACCOUNT_UNKNOWN_ADVICE);
    },

    reconcile,
    reconcileAccounts,
    reconcileAccountsInBackground,

    async acknowledgeResend(id) {
      const { environmentId, journal } = await context();
      const before = journal.get(id);
      if (!before || before.environmentId !== environmentId) {
        return err('not_found', `Journal entry ${id} is not in this environment's journal.`, { field: 'id' });
      }
      // One more look first: if the record turned up, a resend would create a second one.
      try {
        if (before.operation === 'cards.create') await reconcile();
        if (journal.get(id)?.outcome === 'outcome_unknown') await reconcileAccounts({ force: true });
      } catch (e) {
        warn('reconciliation before a resend failed', e);
      }
      const entry = journal.get(id)!;
      const noun = entry.operation === 'cards.create' ? 'card' : 'account';
      if (entry.outcome === 'reconciled' || entry.outcome === 'succeeded') {
        return err(
          'conflict',
          `This request did create a ${noun} (${entry.resultId}). Sending it again would create a second one.`,
          { journalEntryId: id },
        );
      }
      if (entry.outcome !== 'outcome_unknown') {
        return err(
          'conflict',
          `Only a request whose outcome is unknown can be allowed to resend; this one is ${entry.outcome}.`,
          { journalEntryId: id },
        );
      }
      if (entry.resendAcknowledged) return { ok: true, data: entry };
      const acknowledged = journal.acknowledgeResend(id);
      deps.logger?.info({ journalId: id, operation: entry.operation }, 'resend allowed by the user');
      changed(acknowledged);
      return { ok: true, data: acknowledged };
    },
  };
}
