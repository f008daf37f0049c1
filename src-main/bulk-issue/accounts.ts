// The business's accounts by id, for rows that map a card to an existing account (`accountId`): the bank
// code and number the API's bank-account mapping takes. Read once per preview, as the operator's call.
import type { CardApiClient } from '../api/types';
import type { AccountPlace } from './row-request';

const PAGE = 100;
const MAX_PAGES = 50;

export async function accountPlaces(api: Pick<CardApiClient, 'listAccounts'>): Promise<Map<string, AccountPlace>> {
  const places = new Map<string, AccountPlace>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await api.listAccounts({ page, limit: PAGE });
    if (!r.ok) break;
    for (const a of r.data) {
      if (a._id && a.bankCode && a.accountNumber)
        places.set(a._id.toLowerCase(), { bankCode: a.bankCode, accountNumber: a.accountNumber });
    }
    if (r.data.length < PAGE) break;
  }
  return places;
}
