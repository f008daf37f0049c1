// Text as the operator sees it: without the characters that take no room on screen. A name the service
// sends with a zero-width space inside a word, a bidirectional override in front, or a byte order mark
// shows as plain words; search indexes and asks for those words, so the word on screen finds its customer.
// The record itself keeps the name as the service sent it.

/**
 * Zero-width and format characters: soft hyphen, combining grapheme joiner, Arabic letter mark, Mongolian
 * vowel separator, zero-width space/non-joiner/joiner, left-to-right and right-to-left marks, the
 * bidirectional embeddings, overrides and isolates, word joiner and invisible operators, and the zero-width
 * no-break space (byte order mark).
 */
// The combining grapheme joiner stands apart: in a character class it would read as joined to its neighbour.
export const INVISIBLE = /\u034F|[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/gu;

/** `text` without its invisible characters (INVISIBLE). */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, '');
}
