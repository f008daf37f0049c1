// How the page says a batch's states, rows' checks and outcomes.
import type { BatchState, RowOutcome, RowStatus } from '../../../src-shared/ipc/channels/bulk-issue';

const STATES: Record<BatchState, string> = {
  ready: 'not started',
  running: 'sending',
  paused: 'paused',
  interrupted: 'interrupted',
  done: 'done',
  cancelled: 'cancelled',
};
export const stateText = (s: BatchState): string => STATES[s];

export const STATUS_TEXT: Record<RowStatus, string> = {
  ready: 'Ready',
  invalid: 'To fix',
  ambiguous: 'Several customers',
  not_found: 'Customer not found',
  duplicate_in_file: 'Repeated in the file',
  already_issued: 'Already issued',
};

export const OUTCOME_TEXT: Record<RowOutcome, string> = {
  issued: 'Issued',
  failed: 'Failed',
  unknown: 'Outcome unknown',
  not_sent: 'Not sent',
  skipped: 'Skipped',
};

/** "1 min 20 s", "45 s". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
/** The number of cards as the confirmation says it: "twelve cards", "50 cards". */
export const cardsInWords = (n: number): string => `${ONES[n] ?? n.toLocaleString('en')} card${n === 1 ? '' : 's'}`;
