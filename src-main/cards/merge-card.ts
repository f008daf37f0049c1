// How two sightings of the same card combine: the newer `updatedAt` wins where both say something,
// but a thinner sighting never erases what a richer one told us (an id string never replaces the
// embedded record it names, a null never replaces a value), and a canceled card stays canceled.
import type { Card } from '../../src-shared/api/records';
import { refId } from '../../src-shared/api/ref-id';

export const CARD_SOURCES = ['issued', 'authorization', 'transaction', 'looked-up', 'team-journal'] as const;
export type CardSource = (typeof CARD_SOURCES)[number];

const timeOf = (iso: unknown): number => {
  if (typeof iso !== 'string') return Number.NEGATIVE_INFINITY;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/** True when `candidate` would say less than `kept` about the same thing. */
function isThinner(candidate: unknown, kept: unknown): boolean {
  if (candidate === undefined) return true;
  if (candidate === null) return kept !== null && kept !== undefined;
  if (typeof candidate === 'string' && kept && typeof kept === 'object' && !Array.isArray(kept)) {
    return refId(kept) === candidate;
  }
  return false;
}

export function mergeCard(existing: Card | null, incoming: Card): Card {
  if (!existing) return incoming;
  const incomingIsNewer = timeOf(incoming.updatedAt) >= timeOf(existing.updatedAt);
  const [older, newer] = incomingIsNewer ? [existing, incoming] : [incoming, existing];
  const merged: Record<string, unknown> = { ...older };
  for (const [key, value] of Object.entries(newer)) {
    if (!isThinner(value, merged[key])) merged[key] = value;
  }
  if (existing.status === 'canceled') merged.status = 'canceled';
  return merged as Card;
}

/** A card the app issued stays "issued" whatever else it is later seen in. */
export function mergeSource(existing: CardSource | null, incoming: CardSource): CardSource {
  if (existing === 'issued' || incoming === 'issued') return 'issued';
  return existing ?? incoming;
}
