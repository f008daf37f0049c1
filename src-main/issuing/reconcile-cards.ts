// A card whose creation had an unknown outcome is recognised by its client reference once the app sees
// it anywhere (an authorization, a transaction, a later listing), all of which feed the known-cards index.
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import type { KnownCards } from '../cards/known-cards';
import type { Journal } from '../journal/journal';

/** Reconciles every unknown-outcome card entry of the environment whose card is now known; returns them. */
export function reconcileCardEntries(journal: Journal, knownCards: KnownCards, environmentId: string): JournalEntry[] {
  const reconciled: JournalEntry[] = [];
  for (const entry of journal.unresolved(environmentId, 'cards.create')) {
    if (!entry.clientReference) continue;
    const card = knownCards.findByClientReference(entry.clientReference);
    if (!card) continue;
    reconciled.push(journal.reconcile(entry.id, card._id));
    // A replacement that did happen canceled the old card on the service.
    const replaced = entry.request.replacementFor;
    if (typeof replaced === 'string') knownCards.markCanceled(replaced);
  }
  return reconciled;
}
