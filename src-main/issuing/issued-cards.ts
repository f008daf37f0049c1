// The cards an environment issued, as the journal remembers them (its successful and reconciled card
// writes): what the known-cards index is rebuilt from when its file was lost.
import type { Card } from '../../src-shared/api/records';
import type { Journal } from '../journal/journal';

const PAGE = 100;

export function issuedCardsFromJournal(journal: Journal, environmentId: string): Card[] {
  const cards: Card[] = [];
  for (const outcome of ['succeeded', 'reconciled'] as const) {
    for (let page = 0; ; page++) {
      const { entries } = journal.list({ environmentId, outcome, page, limit: PAGE });
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
