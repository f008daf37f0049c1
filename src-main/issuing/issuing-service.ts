// Issuing cards and opening accounts and wallets (open-account.ts), each write journaled and sent at most
// once, and the reconciliation of writes whose outcome was unknown (reconciliation.ts) and their resend
// (resend.ts).
import type { Account, Card } from '../../src-shared/api/records';
import type { CreateAccountRequest, CreateCardRequest } from '../../src-shared/api/requests';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import type { Result } from '../../src-shared/ipc/result';
import { WRITE_KINDS, type SingleWrite } from '../../src-shared/ipc/write-kinds';
import type { KnownCards } from '../cards/known-cards';
import type { Emit, Logger } from '../ports/ports';
import type { Journal } from '../journal/journal';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import { newClientReference } from './client-reference';
import { InFlightWrites } from './in-flight';
import { answerOf, journaledWrite, type WriteContext } from './journaled-write';
import { errorMessage } from '../errors/error-message';
import { createReconciliation, type Reconciliation } from './reconciliation';
import { openAccount } from './open-account';
import { acknowledgeResend } from './resend';
import type { WriteClaims } from '../ports/claims-port';
import { unavailableMessage } from './claim-answers';

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
  /**
   * The team database's claims (never twice across desks), when the desk may have one: each write is claimed
   * before it is sent, and every change of a journal entry (an answer, a reconciliation, a resend allowed)
   * brings its claim up to date.
   */
  claims?: WriteClaims;
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** The operator confirmed a write identical to one that succeeded minutes ago. */
  confirmRepeat?: boolean;
  /** The batch (issue from a file) and row a card belongs to, recorded on its journal entry. */
  batch?: { batchId: string; row: number };
  /**
   * Where to send it, when not the active environment: a batch's rows go to the environment (its address and
   * key) the batch started in, whatever is active when each row is sent.
   */
  environment?: ActiveEnvironment;
}

export interface IssuingService {
  createCard(request: CreateCardRequest, options?: WriteOptions): Promise<Result<Card>>;
  createAccount(request: CreateAccountRequest, options?: WriteOptions): Promise<Result<Account>>;
  /**
   * Sends one write of whichever kind (an approved request): a card or an account, as its kind's entry in
   * the registry says it makes.
   */
  send(write: SingleWrite, options?: WriteOptions): Promise<Result<Card | Account>>;
  /** Reconciles unknown card outcomes of the active environment from the known-cards index (local, no network). */
  reconcile(): Promise<JournalEntry[]>;
  /** Looks up accounts behind unknown account outcomes (network); `force` ignores the per-entry pause. */
  reconcileAccounts(options?: { force?: boolean; signal?: AbortSignal }): Promise<JournalEntry[]>;
  /** Starts `reconcileAccounts` without waiting for it; its findings arrive as `journal.changed` events. */
  reconcileAccountsInBackground(): void;
  /** Lets an unknown-outcome write be sent again, after one more look for what it may have created. */
  acknowledgeResend(id: string): Promise<Result<JournalEntry>>;
  /**
   * Why a write of `noun` in the environment is refused now without asking anyone (the policy requires the
   * team database, and this desk cannot reach it or is not signed in), or null.
   */
  writesRefusal(environmentId: string, noun: string): string | null;
}

const CARD_UNKNOWN_ADVICE =
  'It is recorded in the Journal, which marks it reconciled if the card turns up (for example in an authorization).';

export function createIssuingService(deps: IssuingDeps): IssuingService {
  const inFlight = new InFlightWrites();
  const now = deps.now ?? Date.now;
  const makeReference = deps.newClientReference ?? newClientReference;
  const changed = (entry: JournalEntry) => {
    deps.emit('journal.changed', entry);
    void deps.claims?.follow(entry);
  };
  const warn = (what: string, e: unknown) => deps.logger?.warn({ error: errorMessage(e) }, what);

  async function context(pinned?: ActiveEnvironment): Promise<WriteContext & { active: ActiveEnvironment }> {
    const active = pinned ?? (await deps.getActive());
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
      ...(deps.claims ? { claims: deps.claims } : {}),
    };
  }

  const reconciliation = createReconciliation({
    scene: context,
    getKnownCards: deps.getKnownCards,
    changed,
    warn,
    now,
    recheckMs: deps.accountRecheckMs ?? 60_000,
  });
  const { reconcile, reconcileAccounts } = reconciliation;
  /** The active environment's known-cards index; none for a write sent to another (`pinned`). */
  const knownCardsFor = async (pinned?: ActiveEnvironment): Promise<KnownCards | null> => {
    try {
      if (pinned && (await deps.getActive()).environment.id !== pinned.environment.id) return null;
      return await deps.getKnownCards();
    } catch (e) {
      warn('the known-cards index could not be opened', e);
      return null;
    }
  };

  const service: IssuingService = {
    async createCard(request, { signal, confirmRepeat = false, batch, environment } = {}) {
      const ctx = await context(environment);
      // Taken now, so the card lands in the index of the environment it was issued in (the active one's index:
      // a card sent elsewhere is found again from the journal when that environment's index is rebuilt).
      const knownCards = await knownCardsFor(environment);
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
        await recordIssued(knownCards, outcome.result.data, clientReference, request, reconciliation, warn);
      }
      return answerOf(outcome, CARD_UNKNOWN_ADVICE);
    },

    createAccount: async (request, options) =>
      openAccount(await context(options?.environment), request, options, reconciliation, warn),

    send(write, options) {
      const makes: Record<
        (typeof WRITE_KINDS)[SingleWrite['operation']]['result'],
        () => Promise<Result<Card | Account>>
      > = {
        card: () => service.createCard(write.input as CreateCardRequest, options),
        account: () => service.createAccount(write.input as CreateAccountRequest, options),
      };
      return makes[WRITE_KINDS[write.operation].result]();
    },

    reconcile,
    reconcileAccounts,
    reconcileAccountsInBackground: reconciliation.reconcileAccountsInBackground,

    writesRefusal(environmentId, noun) {
      const standing = deps.claims?.standing(environmentId);
      return standing?.required ? unavailableMessage(noun, standing) : null;
    },

    acknowledgeResend: (id) =>
      acknowledgeResend({ scene: context, reconciliation, changed, warn, logger: deps.logger }, id),
  };
  return service;
}

/**
 * An issued card joins the known-cards index with its client reference (so the journal entry it came
 * from reconciles), and the card it replaced is marked canceled.
 */
async function recordIssued(
  knownCards: KnownCards,
  card: Card,
  clientReference: string,
  request: CreateCardRequest,
  reconciliation: Pick<Reconciliation, 'reconcile'>,
  warn: (what: string, e: unknown) => void,
): Promise<void> {
  try {
    const indexed = card.metadata?.clientReference
      ? card
      : { ...card, metadata: { ...(card.metadata ?? {}), clientReference } };
    knownCards.observe([indexed], 'issued');
    if (request.replacementFor) knownCards.markCanceled(request.replacementFor);
    await reconciliation.reconcile();
  } catch (e) {
    warn('could not record the issued card in the known-cards index', e);
  }
}
