// When a row whose outcome is unknown can be called "not issued". Reconciliation's look at the service
// (issuing/reconcile-cards-online.ts) finds a card by its request's reference, or cards that fit; finding
// nothing proves nothing on its own, because the API has no list of cards and a card shows only in the
// authorizations. A batch has what a single write lacks: the cards it did issue around the same moment.
// When the same authorizations show every one of those cards (so this service lists each new card there),
// the card this row asked for would show too, and it does not: the row was not issued. With too few such
// cards, or one of them missing, the row stays unknown with the evidence. Nothing here sends a write, and
// the journal entry stays an unknown outcome (the operator still decides on a resend there); the evidence
// recorded on it says what was found.
import type { Authorization } from '../../src-shared/api/records';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { inBulk } from '../api/call-priority';
import type { CardApiClient } from '../api/types';
import type { Journal } from '../journal/journal';
import type { BatchStore } from './batch-store';

/** Cards issued this close to the attempt (either side) are its controls. */
export const CONTROL_SPAN_MS = 15 * 60_000;
/** Fewer controls than this prove nothing. */
export const MIN_CONTROLS = 3;
/** The nearest controls checked. */
const MAX_CONTROLS = 20;
const PAGE_SIZE = 100;
const PAGES_TO_SCAN = 10;
const DAY_MS = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cardIdOf = (a: Authorization): string | null =>
  typeof a.card === 'string' ? a.card : a.card && typeof a.card._id === 'string' ? a.card._id : null;

/** The card ids in the authorizations from the day before `fromMs` to tomorrow, or null when the look failed. */
async function cardsSeen(
  api: Pick<CardApiClient, 'listAuthorizations'>,
  fromMs: number,
): Promise<{ ids: Set<string>; from: string; to: string } | null> {
  const from = day(fromMs - DAY_MS);
  const to = day(Date.now() + DAY_MS);
  const ids = new Set<string>();
  for (let page = 0; page < PAGES_TO_SCAN; page++) {
    const r = await inBulk(() => api.listAuthorizations({ page, limit: PAGE_SIZE, fromDate: from, toDate: to }));
    if (!r.ok) return null;
    for (const a of r.data) {
      const id = cardIdOf(a);
      if (id) ids.add(id);
    }
    if (r.data.length < PAGE_SIZE || page + 1 >= (r.pagination?.pages ?? 0)) break;
  }
  return { ids, from, to };
}

interface Control {
  cardId: string;
  at: number;
}

/** The batch's issued cards nearest to `at`, within the span. */
function controlsNear(controls: readonly Control[], at: number): Control[] {
  return controls
    .filter((c) => Math.abs(c.at - at) <= CONTROL_SPAN_MS)
    .sort((a, b) => Math.abs(a.at - at) - Math.abs(b.at - at))
    .slice(0, MAX_CONTROLS);
}

/**
 * Settles as `not_issued` the batch's unknown rows that reconciliation found nothing for (evidence
 * `none`) and whose controls all show in the authorizations; adds why to the others' evidence.
 */
export async function settleAbsentRows({
  store,
  journal,
  api,
  batchId,
  now = () => new Date(),
}: {
  store: BatchStore;
  journal: Journal;
  api: Pick<CardApiClient, 'listAuthorizations'>;
  batchId: string;
  now?: () => Date;
}): Promise<void> {
  const rows = store.rows(batchId);
  const looked: { row: number; entry: JournalEntry }[] = [];
  for (const r of rows) {
    if (r.outcome !== 'unknown' || !r.journalEntryId) continue;
    const entry = journal.get(r.journalEntryId);
    if (entry?.outcome === 'outcome_unknown' && entry.evidence?.certainty === 'none')
      looked.push({ row: r.row, entry });
  }
  if (looked.length === 0) return;
  const controls: Control[] = [];
  for (const r of rows) {
    if (r.outcome !== 'issued' || !r.cardId || !r.journalEntryId) continue;
    const at = Date.parse(journal.get(r.journalEntryId)?.at ?? '');
    if (Number.isFinite(at)) controls.push({ cardId: r.cardId, at });
  }
  const attempts = looked.map((l) => Date.parse(l.entry.at));
  const seen = await cardsSeen(api, Math.min(...attempts, ...controls.map((c) => c.at)));
  if (!seen) return;
  const where = `authorizations from ${seen.from} to ${seen.to}`;
  for (const { row, entry } of looked) {
    const near = controlsNear(controls, Date.parse(entry.at));
    const shown = near.filter((c) => seen.ids.has(c.cardId)).length;
    const checkedAt = now().toISOString();
    if (near.length >= MIN_CONTROLS && shown === near.length) {
      const summary =
        `Not issued: no card carries this request's reference or fits it in ${where}, and all ${near.length} cards ` +
        'this batch issued within 15 minutes of it show there (this service lists every new card in its authorizations).';
      journal.recordEvidence(entry.id, { checkedAt, certainty: 'none', summary, candidates: [] });
      store.settleRow(batchId, row, {
        outcome: 'not_issued',
        cardId: null,
        maskedPan: null,
        error: summary,
        journalEntryId: entry.id,
      });
    } else {
      const why =
        near.length < MIN_CONTROLS
          ? `too few cards of this batch were issued around it (${near.length}) to tell whether this service lists new cards there`
          : `only ${shown} of the ${near.length} cards this batch issued around it show in ${where}, so a card missing there proves nothing`;
      store.settleRow(batchId, row, {
        outcome: 'unknown',
        cardId: null,
        maskedPan: null,
        error: `Still unknown: ${entry.evidence!.summary} Not taken as not issued: ${why}.`,
        journalEntryId: entry.id,
      });
    }
  }
}
