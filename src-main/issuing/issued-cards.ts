// The cards an environment issued at its current address, as the journal remembers them (its successful
// and reconciled card writes sent to that origin): what the known-cards index is rebuilt from when its file
// was lost. Writes recorded before the journal kept their address are left out, since they may have gone
// to an earlier address; those cards return as their authorizations and transactions are fetched again.
import type { Card } from '../../src-shared/api/records';
import type { Journal } from '../journal/journal';

const PAGE = 100;

export function issuedCardsFromJournal(journal: Journal, environmentId: string, origin: string): Card[] {
  const cards: Card[] = [];
  for (const outcome of ['succeeded', 'reconciled'] as const) {
    for (let page = 0; ; page++) {
      const { entries } = journal.list({ environmentId, origin, outcome, page, limit: PAGE });
      for (const entry of entries) {
        if (entry.operation !== 'cards.create' || !entry.resultId) continue;
        const request = entry.request;
        const text = (key: string) => (typeof request[key] === 'string' ? request[key] : undefined);
        cards.push({
          _id: entry.resultId,
          customer: text('customerId'),
          type: text('type'),
          brand: text('brand'),
          currency: text('currency'),
          status: text('status'),
          createdAt: entry.at,
          metadata: entry.clientReference ? { clientReference: entry.clientReference } : null,
        });
      }
      if (entries.length < PAGE) break;
    }
  }
  return cards;
}
