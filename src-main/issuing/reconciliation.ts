// Reconciling writes whose outcome is unknown: locally from the known-cards index (no network), and on
// the service (accounts by listing them, cards through the authorizations), one look at a time, each
// entry looked up again at most once a `recheckMs` unless forced. Findings go out as `journal.changed`.
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { WRITE_KINDS } from '../../src-shared/ipc/write-kinds';
import { backgroundClient } from '../api/call-priority';
import type { KnownCards } from '../cards/known-cards';
import type { ActiveEnvironment } from '../environments/environment-manager';
import type { Journal } from '../journal/journal';
import { reconcileAccountEntries } from './reconcile-accounts';
import { reconcileCardEntries } from './reconcile-cards';
import { reconcileCardEntriesOnline } from './reconcile-cards-online';

/** Where a look happens: the active environment and its journal, as the issuing service finds them. */
export interface ReconcileScene {
  active: ActiveEnvironment;
  environmentId: string;
  journal: Journal;
}

export interface ReconcileDeps {
  scene: () => Promise<ReconcileScene>;
  getKnownCards: () => Promise<KnownCards>;
  changed: (entry: JournalEntry) => void;
  warn: (what: string, e: unknown) => void;
  now: () => number;
  /** Least time between two automatic look-ups of the records behind one unknown outcome. */
  recheckMs: number;
}

export interface Reconciliation {
  /** Reconciles unknown card outcomes of the active environment from the known-cards index (local, no network). */
  reconcile: () => Promise<JournalEntry[]>;
  /** Looks up what unknown outcomes created on the service (network); `force` ignores the per-entry pause. */
  reconcileAccounts: (options?: { force?: boolean; signal?: AbortSignal }) => Promise<JournalEntry[]>;
  /** Starts `reconcileAccounts` without waiting for it; its findings arrive as `journal.changed` events. */
  reconcileAccountsInBackground: () => void;
}

/** How each kind's unknown outcome is found, as the registry of write kinds says. */
const byReference = (e: JournalEntry) => WRITE_KINDS[e.operation].reconcile === 'clientReference';
const byListing = (e: JournalEntry) => WRITE_KINDS[e.operation].reconcile === 'listing';

export function createReconciliation(deps: ReconcileDeps): Reconciliation {
  const { changed, warn, now } = deps;
  const lastAccountCheck = new Map<string, number>();
  let accountRun: Promise<JournalEntry[]> | null = null;

  async function reconcile(): Promise<JournalEntry[]> {
    const { environmentId, journal } = await deps.scene();
    if (!journal.unresolved(environmentId).some(byReference)) return [];
    const found = reconcileCardEntries(journal, await deps.getKnownCards(), environmentId);
    found.forEach(changed);
    return found;
  }

  /** Looks on the service for what unknown outcomes created: accounts by listing, cards through authorizations. */
  async function runAccountReconcile(force: boolean, signal?: AbortSignal): Promise<JournalEntry[]> {
    const { active, environmentId, journal } = await deps.scene();
    const due = journal
      .unresolved(environmentId)
      .filter((e) => force || now() - (lastAccountCheck.get(e.id) ?? 0) >= deps.recheckMs);
    if (due.length === 0) return [];
    due.forEach((e) => lastAccountCheck.set(e.id, now()));
    // Reconciling is background work: an operator's calls go first.
    const look = { api: backgroundClient(active.api), journal, environmentId, ...(signal ? { signal } : {}) };
    const accounts = await reconcileAccountEntries(due.filter(byListing), look);
    const cards = await reconcileCardEntriesOnline(due.filter(byReference), look);
    for (const card of cards.reconciled) await markReplaced(card);
    const found = [...accounts, ...cards.reconciled];
    [...found, ...cards.noted].forEach(changed);
    // Accounts whose look found nothing still changed: their evidence is new.
    for (const e of due.filter((d) => byListing(d) && !accounts.some((a) => a.id === d.id))) {
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

  return { reconcile, reconcileAccounts, reconcileAccountsInBackground };
}
