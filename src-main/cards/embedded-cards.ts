// Cards embedded as objects in authorizations and card transactions, ready for the known-cards index.
import type { Authorization, Card, Transaction } from '../../src-shared/api/records';

const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { _id?: unknown })._id === 'string' ? (v as { _id: string })._id : undefined;

/**
 * The object-form `card` of each record (a string id says nothing to index), with its customer and
 * account as string ids — taken from the record itself when the card does not name them. One card per
 * id: the sighting with the newest `updatedAt`.
 */
export function extractEmbeddedCards(records: readonly (Authorization | Transaction)[]): Card[] {
  const byId = new Map<string, Card>();
  for (const record of records) {
    const embedded = record.card;
    if (!embedded || typeof embedded !== 'object' || typeof embedded._id !== 'string') continue;
    const card: Card = { ...embedded };
    const customer = idOf(embedded.customer) ?? idOf(record.customer);
    const account = idOf(embedded.account) ?? idOf(record.account);
    if (customer !== undefined) card.customer = customer;
    if (account !== undefined) card.account = account;
    const seen = byId.get(card._id);
    if (!seen || Date.parse(card.updatedAt ?? '') > Date.parse(seen.updatedAt ?? '')) byId.set(card._id, card);
  }
  return [...byId.values()];
}
