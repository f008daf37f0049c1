// How one event of the journal's chain is sealed: its content after the previous event's MAC, under the
// chain key (HMAC-SHA-256); events written before the key by a plain SHA-256 (only to check those).
import { createHash, createHmac } from 'node:crypto';

/** The "previous MAC" of the first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** The columns of an entry that its chained state holds. */
export const STATE_COLUMNS =
  'id, at, environment_id, origin, operation, request_json, customer_id, client_reference, outcome, result_id, error, resend_acknowledged, evidence_json, operator, host';

export interface EventContent {
  seq: number;
  at: string;
  entryId: string;
  kind: string;
  operator: string;
  host: string;
  body: string;
}

const contentOf = (prev: string, e: EventContent) =>
  `${prev}\n${JSON.stringify([e.seq, e.at, e.entryId, e.kind, e.operator, e.host, e.body])}`;

/** The plain SHA-256 of an event, as chained before the key. */
export function eventHash(prev: string, event: EventContent): string {
  return createHash('sha256').update(contentOf(prev, event)).digest('hex');
}

/** The MAC of an event: HMAC-SHA-256 under the chain key of its content, after the previous event's MAC. */
export function eventMac(key: Uint8Array, prev: string, event: EventContent): string {
  return createHmac('sha256', key).update(contentOf(prev, event)).digest('hex');
}
