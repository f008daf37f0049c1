// Looking on the service for the card an unknown-outcome request may have created, with only what the
// API offers (it has no "list cards"): the authorizations over a window that covers the attempt, whose
// embedded cards carry their metadata, and for a card that fits, its balance (which proves it exists).
// A card carrying the request's client reference is certain and reconciles the entry; cards that only
// fit (same customer, type, brand and currency, created around the attempt, claimed by no other entry)
// are recorded as likely candidates for the operator to decide on; nothing found is recorded too. Never
// sends anything but reads, and never resends.
import type { Authorization, Card } from '../../src-shared/api/records';
import type { JournalEntry, ReconciliationEvidence } from '../../src-shared/ipc/channels/journal';
import type { CardApiClient } from '../api/types';
import type { Journal } from '../journal/journal';
import { CLOCK_TOLERANCE_MS } from './reconcile-accounts';

/** Pages of 100 authorizations looked at per look. */
const PAGES_TO_SCAN = 10;
const PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const embeddedCard = (a: Authorization): Card | null =>
  a.card && typeof a.card === 'object' && typeof a.card._id === 'string' ? a.card : null;
const idOf = (ref: unknown): string | null =>
  typeof ref === 'string' ? ref : ref && typeof ref === 'object' ? ((ref as { _id?: string })._id ?? null) : null;

/** Whether a card fits the request (without its reference): customer, type, brand, currency, created around it. */
export function cardFitsAttempt(card: Card, request: Record<string, unknown>, attemptAt: string): boolean {
  if (idOf(card.customer) !== request.customerId) return false;
  for (const field of ['type', 'brand', 'currency'] as const) {
    if (request[field] !== undefined && card[field] !== request[field]) return false;
  }
  const created = Date.parse(card.createdAt ?? '');
  const attempted = Date.parse(attemptAt);
  return (
    Number.isFinite(created) && created >= attempted - CLOCK_TOLERANCE_MS && created <= Date.now() + CLOCK_TOLERANCE_MS
  );
}

/** The cards embedded in authorizations from the day before `fromMs` to tomorrow (the window covers the outage). */
async function cardsInAuthorizations(
  api: CardApiClient,
  fromMs: number,
  signal?: AbortSignal,
): Promise<{ cards: Map<string, Card>; window: { from: string; to: string } } | null> {
  const window = { from: day(fromMs - DAY_MS), to: day(Date.now() + DAY_MS) };
  const cards = new Map<string, Card>();
  for (let page = 0; page < PAGES_TO_SCAN; page++) {
    const r = await api.listAuthorizations(
      { page, limit: PAGE_SIZE, fromDate: window.from, toDate: window.to },
      { ...(signal ? { signal } : {}) },
    );
    if (!r.ok) return null;
    for (const a of r.data) {
      const card = embeddedCard(a);
      if (card) cards.set(card._id, card);
    }
    if (r.data.length < PAGE_SIZE || page + 1 >= (r.pagination?.pages ?? 0)) break;
  }
  return { cards, window };
}

export interface CardLookResult {
  reconciled: JournalEntry[];
  /** Entries that got new evidence without being reconciled. */
  noted: JournalEntry[];
}

/** Looks for the cards of the given unknown-outcome card entries; records evidence on every one it could look for. */
export async function reconcileCardEntriesOnline(
  entries: readonly JournalEntry[],
  {
    api,
    journal,
    environmentId,
    signal,
    now = () => new Date(),
  }: { api: CardApiClient; journal: Journal; environmentId: string; signal?: AbortSignal; now?: () => Date },
): Promise<CardLookResult> {
  const unknown = entries.filter((e) => e.operation === 'cards.create' && e.outcome === 'outcome_unknown');
  const result: CardLookResult = { reconciled: [], noted: [] };
  if (unknown.length === 0) return result;
  const earliest = Math.min(...unknown.map((e) => Date.parse(e.at)));
  const found = await cardsInAuthorizations(api, earliest, signal);
  if (!found) return result;
  const where = `authorizations from ${found.window.from} to ${found.window.to} (${found.cards.size} cards seen)`;
  const claimed = new Set<string>();

  for (const entry of unknown) {
    const checkedAt = now().toISOString();
    const byReference = entry.clientReference
      ? [...found.cards.values()].find((c) => c.metadata?.clientReference === entry.clientReference)
      : undefined;
    if (byReference) {
      claimed.add(byReference._id);
      journal.recordEvidence(entry.id, {
        checkedAt,
        certainty: 'certain',
        summary: `Card ${byReference._id} carries this request's reference ${entry.clientReference}; found in ${where}.`,
        candidates: [byReference._id],
      });
      result.reconciled.push(journal.reconcile(entry.id, byReference._id));
      continue;
    }
    const fitting = [...found.cards.values()].filter(
      (c) =>
        !claimed.has(c._id) &&
        !journal.findByResultId(environmentId, c._id) &&
        cardFitsAttempt(c, entry.request, entry.at),
    );
    // A card that fits is checked on the service itself: its balance answers only for a card that exists.
    const live: string[] = [];
    for (const card of fitting.slice(0, 5)) {
      const balance = await api.getCardBalance(card._id, { ...(signal ? { signal } : {}) });
      if (balance.ok) live.push(card._id);
    }
    const evidence: ReconciliationEvidence =
      live.length > 0
        ? {
            checkedAt,
            certainty: 'likely',
            summary:
              `No card carries this request's reference, but ${live.length === 1 ? 'one card fits' : `${live.length} cards fit`} ` +
              `(same customer, type, brand and currency, created around the attempt, and live on the service): ${live.join(', ')}. ` +
              `Looked in ${where}. Check ${live.length === 1 ? 'it' : 'them'} before deciding.`,
            candidates: live,
          }
        : {
            checkedAt,
            certainty: 'none',
            summary:
              `No card with this request's reference, and none that fits it, in ${where}. ` +
              'A card that has never been used has no authorizations yet, so this does not prove it was not created.',
            candidates: [],
          };
    result.noted.push(journal.recordEvidence(entry.id, evidence));
  }
  return result;
}
