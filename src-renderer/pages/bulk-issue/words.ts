// How the page says a batch's states, rows' checks and outcomes.
import { toCardinal } from 'n2words/en-NG';
import {
  BULK_COLUMNS,
  BULK_COLUMN_LABELS,
  type BatchPreview,
  type BatchState,
  type BulkColumn,
  type RowOutcome,
  type RowStatus,
} from '../../../src-shared/ipc/channels/bulk-issue';

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
  not_issued: 'Not issued',
};

/** "1 min 20 s", "45 s". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** A whole number as people in Nigeria write it: "three hundred and twelve" (n2words, British-style "and"). */
export const numberInWords = (n: number): string => toCardinal(n);

/** The number of cards as the confirmation says it: "three hundred and twelve cards", "one card". */
export const cardsInWords = (n: number): string => `${numberInWords(n)} card${n === 1 ? '' : 's'}`;

/**
 * A number in words as it is compared: without case, hyphens, commas, full stops, the word "and", a closing
 * "card"/"cards", or extra spaces; a leading "a" counts as "one" ("a hundred and five").
 */
export function wordsKey(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\-,.]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && w !== 'and');
  if (words.at(-1) === 'cards' || words.at(-1) === 'card') words.pop();
  if (words[0] === 'a') words[0] = 'one';
  return words.join(' ');
}

/**
 * Whether the operator typed the number of cards in words. Digits are not taken: the confirmation is there to
 * make the operator read the number and say it again, and a number copied as digits proves neither.
 */
export function typedInWords(typed: string, n: number): boolean {
  const key = wordsKey(typed);
  return key !== '' && key === wordsKey(numberInWords(n));
}

/** True when the text is only a number in digits (the page then asks for it in words). */
export const typedAsDigits = (typed: string): boolean => /^\s*[\d\s,.]+\s*$/.test(typed) && /\d/.test(typed);

// A column is named where a problem starts with it (`status: …`, also after `; `), or anywhere by an API name
// no sentence uses (`mapAnywayBecause`); a plain word such as "customer" in a sentence is left as it is.
const CAMEL_COLUMNS = BULK_COLUMNS.filter((c) => /[A-Z]/.test(c));
const COLUMN_NAME = new RegExp(`(?<=^|; )(?:${BULK_COLUMNS.join('|')})(?=:)|\\b(?:${CAMEL_COLUMNS.join('|')})\\b`, 'g');

/**
 * A row's problems in the operator's words: a template column the message names (`debitAccountId: …`) is
 * called by the file's own header for it ("Debit account: …"), or by its readable name when the file has none.
 */
export function problemInFileWords(
  message: string,
  columns: readonly Pick<BatchPreview['columns'][number], 'header' | 'field'>[],
): string {
  const headerOf = new Map(columns.filter((c) => c.field).map((c) => [c.field!, c.header]));
  return message.replace(COLUMN_NAME, (name) => {
    const column = name as BulkColumn;
    return headerOf.get(column) ?? BULK_COLUMN_LABELS[column];
  });
}
