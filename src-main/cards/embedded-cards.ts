// Cards embedded as objects in authorizations and card transactions, ready for the known-cards index.
import type { Authorization, Card, Transaction } from '../../src-shared/api/records';
import { refId } from '../../src-shared/api/ref-id';

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
    const customer = refId(embedded.customer) ?? refId(record.customer);
    const account = refId(embedded.account) ?? refId(record.account);
    if (customer !== undefined) card.customer = customer;
    if (account !== undefined) card.account = account;
    const seen = byId.get(card._id);
    if (!seen || Date.parse(card.updatedAt ?? '') > Date.parse(seen.updatedAt ?? '')) byId.set(card._id, card);
  }
  return [...byId.values()];
}
