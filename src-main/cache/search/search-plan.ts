// Turns what the user typed into matchers: exact ones (listed first) and prefix ones (as-you-type).
// A query with '@' is an email; digits in phone punctuation are a phone number (any common form) and
// maybe an id prefix; anything else is name words (any part, any order), an email prefix and, when it is
// hex, an id prefix, and from 8 hex characters an id suffix (ids show as their last 8). Eleven digits are
// also an identity (BVN/NIN) number.
import { visibleText } from '../../../src-shared/api/visible-text';
import { looksLikePhone, nationalNumber } from './phone';

/** Name words, each whole or (`prefix`) each the start of a word: found in any part of the name, in any order. */
export type NamesMatcher = { kind: 'names'; words: string[]; prefix: boolean };

export type Matcher =
  | NamesMatcher
  /** An FTS5 query on the index of national phone numbers. */
  | { kind: 'phone'; match: string }
  /** The whole value, or a prefix of it, of the lower-cased email or the id. */
  | { kind: 'email' | 'id'; exact: boolean; value: string }
  /** Ids that end with `value` (lower case, at least ID_SUFFIX characters: ids show as their last 8). */
  | { kind: 'idSuffix'; value: string }
  /** The whole identity (BVN/NIN) number. */
  | { kind: 'identity'; value: string };

export interface SearchPlan {
  /** Whole-word / whole-value matches, shown first. */
  exact: Matcher[];
  /** As-you-type matches; a superset of `exact`, so the total counts these. */
  prefix: Matcher[];
}

/** Id prefixes shorter than this match too many ids to be what the user meant. */
export const MIN_ID_PREFIX = 4;

/** Ids show as their last 8 characters; a suffix at least this long finds the customer. */
export const ID_SUFFIX = 8;

/** The words of a query as FTS5's unicode61 tokenizer splits them. */
export function queryWords(query: string): string[] {
  return query
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

/** An FTS5 string literal: the query can never be read as FTS5 syntax. */
export const quote = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** A names matcher as a query of the names index: each word quoted, with `*` when it is a prefix. */
export function namesMatch(m: NamesMatcher): string {
  return m.words.map((w) => (m.prefix ? `${quote(w)}*` : quote(w))).join(' ');
}

export function planSearch(rawQuery: string): SearchPlan {
  // The typed text as it shows: invisible characters pasted with a name are not part of it (visible-text.ts).
  const query = visibleText(rawQuery).trim();
  const plan: SearchPlan = { exact: [], prefix: [] };
  if (!query) return plan;
  const both = (kind: 'email' | 'id', value: string) => {
    plan.exact.push({ kind, exact: true, value });
    plan.prefix.push({ kind, exact: false, value });
  };
  const oneWord = !/\s/.test(query);
  const idLike = oneWord && new RegExp(`^[0-9a-f]{${MIN_ID_PREFIX},24}$`, 'i').test(query);
  const bothKinds = (m: Matcher) => {
    plan.exact.push(m);
    plan.prefix.push(m);
  };
  // A displayed id (its last 8 characters, or more): found by the end of the id.
  const idSuffix = () => {
    if (idLike && query.length >= ID_SUFFIX) bothKinds({ kind: 'idSuffix', value: query.toLowerCase() });
  };

  if (query.includes('@')) {
    both('email', query.toLowerCase());
    return plan;
  }
  if (looksLikePhone(query)) {
    const digits = query.replace(/\D+/g, '');
    if (/^\d{11}$/.test(digits) && !query.startsWith('+')) bothKinds({ kind: 'identity', value: digits });
    const phone = nationalNumber(query);
    if (phone) {
      plan.exact.push({ kind: 'phone', match: quote(phone) });
      plan.prefix.push({ kind: 'phone', match: `${quote(phone)}*` });
    }
    if (idLike) both('id', query.toLowerCase());
    idSuffix();
    return plan;
  }
  const words = queryWords(query);
  if (words.length) {
    plan.exact.push({ kind: 'names', words, prefix: false });
    plan.prefix.push({ kind: 'names', words, prefix: true });
  }
  if (oneWord) both('email', query.toLowerCase());
  if (idLike) both('id', query.toLowerCase());
  idSuffix();
  return plan;
}

/** True when the plan matches everything (an empty query browses the cache). */
export const isBrowse = (plan: SearchPlan): boolean => plan.exact.length === 0 && plan.prefix.length === 0;
