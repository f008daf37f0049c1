// The business's accounts by id and by account number, for rows that name an account: the debit account
// (`debitAccountId`, by its id or its number as operators have it) and a card mapped to an existing account
// (`accountId`: the bank code and number the API's bank-account mapping takes). Read once per preview, as the
// operator's call.
import type { CardApiClient } from '../api/types';
import type { AccountPlace } from './row-request';

const PAGE = 100;
const MAX_PAGES = 50;

/**
 * Every account under its id (lower case) and its account number. A number two accounts share (at two banks)
 * is left out, so a row naming it is asked for the id instead of being given either.
 */
export async function accountPlaces(api: Pick<CardApiClient, 'listAccounts'>): Promise<Map<string, AccountPlace>> {
  const places = new Map<string, AccountPlace>();
  const shared = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await api.listAccounts({ page, limit: PAGE });
    if (!r.ok) break;
    for (const a of r.data) {
      if (!a._id || !a.bankCode || !a.accountNumber) continue;
      const place = { id: a._id.toLowerCase(), bankCode: a.bankCode, accountNumber: a.accountNumber };
      places.set(place.id, place);
      if (shared.has(a.accountNumber)) continue;
      if (places.has(a.accountNumber)) {
        places.delete(a.accountNumber);
        shared.add(a.accountNumber);
      } else places.set(a.accountNumber, place);
    }
    if (r.data.length < PAGE) break;
  }
  return places;
}
