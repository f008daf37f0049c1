// POST /accounts has no client reference, so an account or wallet whose creation had an unknown outcome
// is recognised by listing accounts of its type and currency: exactly one unclaimed account with the same
// customer and account type, created around the attempt, is taken as the one it created. Anything
// ambiguous stays "outcome unknown" for the user to check in Accounts.
import type { Account } from '../../src-shared/api/records';
import { createAccountRequestSchema, type CreateAccountRequest } from '../../src-shared/api/requests';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import type { CardApiClient } from '../api/types';
import type { Journal } from '../journal/journal';

/** How far the service's clock may be from ours, either way. */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;
/** Pages of 100 looked at per type and currency; the service lists newest first, so the attempt is near the top. */
const PAGES_TO_SCAN = 3;
const PAGE_SIZE = 100;

export function accountMatchesAttempt(account: Account, request: CreateAccountRequest, attemptAt: string): boolean {
  if (
    account.type !== request.type ||
    account.currency !== request.currency ||
    account.accountType !== request.accountType
  )
    return false;
  if (request.type === 'wallet' ? account.customer !== request.customerId : Boolean(account.customer)) return false;
  const created = Date.parse(account.createdAt ?? '');
  const attempted = Date.parse(attemptAt);
  return Number.isFinite(created) && Math.abs(created - attempted) <= CLOCK_TOLERANCE_MS;
}

async function recentAccounts(
  api: CardApiClient,
  type: CreateAccountRequest['type'],
  currency: CreateAccountRequest['currency'],
  signal?: AbortSignal,
): Promise<Account[] | null> {
  const found: Account[] = [];
  for (let page = 0; page < PAGES_TO_SCAN; page++) {
    const r = await api.listAccounts({ type, currency, page, limit: PAGE_SIZE }, { signal });
    if (!r.ok) return null;
    found.push(...r.data);
    const pages = r.pagination?.pages ?? 0;
    if (r.data.length < PAGE_SIZE || page + 1 >= pages) break;
  }
  return found;
}

/** Tries to reconcile the given unknown-outcome account entries; returns those it reconciled. */
export async function reconcileAccountEntries(
  entries: readonly JournalEntry[],
  {
    api,
    journal,
    environmentId,
    signal,
  }: { api: CardApiClient; journal: Journal; environmentId: string; signal?: AbortSignal },
): Promise<JournalEntry[]> {
  const reconciled: JournalEntry[] = [];
  const listings = new Map<string, Promise<Account[] | null>>();
  const claimed = new Set<string>();
  for (const entry of entries) {
    if (entry.operation !== 'accounts.create' || entry.outcome !== 'outcome_unknown') continue;
    const parsed = createAccountRequestSchema.safeParse(entry.request);
    if (!parsed.success) continue;
    const request = parsed.data;
    const key = `${request.type}:${request.currency}`;
    if (!listings.has(key)) listings.set(key, recentAccounts(api, request.type, request.currency, signal));
    const accounts = await listings.get(key)!;
    if (!accounts) continue;
    const candidates = accounts.filter(
      (a) =>
        accountMatchesAttempt(a, request, entry.at) &&
        !claimed.has(a._id) &&
        !journal.findByResultId(environmentId, a._id),
    );
    const checkedAt = new Date().toISOString();
    const what = request.type === 'wallet' ? 'wallet' : 'account';
    if (candidates.length !== 1) {
      journal.recordEvidence(entry.id, {
        checkedAt,
        certainty: candidates.length === 0 ? 'none' : 'likely',
        summary:
          candidates.length === 0
            ? `No ${request.currency} ${what} of this type${request.customerId ? ' for this customer' : ''} was created within 5 minutes of the attempt, among the newest ${accounts.length} listed.`
            : `${candidates.length} ${request.currency} ${what}s fit (same type, customer and account type, created within 5 minutes of the attempt): ${candidates.map((a) => a._id).join(', ')}. Check them before deciding.`,
        candidates: candidates.map((a) => a._id),
      });
      continue;
    }
    const account = candidates[0]!;
    claimed.add(account._id);
    journal.recordEvidence(entry.id, {
      checkedAt,
      certainty: 'certain',
      summary: `Exactly one ${request.currency} ${what} fits (same type, customer and account type, created within 5 minutes of the attempt, claimed by no other request): ${account._id}.`,
      candidates: [account._id],
    });
    reconciled.push(journal.reconcile(entry.id, account._id));
  }
  return reconciled;
}
