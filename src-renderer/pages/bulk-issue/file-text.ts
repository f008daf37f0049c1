// A chosen file as text, never silently changed: refused by its size before it is read; UTF-16 when its byte
// order mark says so; otherwise UTF-8 (with or without its mark), and a file that is not valid UTF-8 (a "CSV"
// Excel saved as Windows-1252, say) is refused naming the first line that is not, rather than read with its
// accented letters turned into U+FFFD. Main refuses such characters too (csv-input.ts).
import { MAX_BATCH_CSV_CHARS, MAX_BATCH_FILE_BYTES } from '../../../src-shared/ipc/channels/bulk-issue';

export type FileText = { ok: true; text: string } | { ok: false; message: string };

const SAVE_AS_UTF8 = 'Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and choose it again.';

/** Why a file of `size` bytes is refused before it is read, or null. */
export function tooLargeToRead(size: number): string | null {
  if (size <= MAX_BATCH_FILE_BYTES) return null;
  const mb = (n: number) => (n / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 });
  return `The file is ${mb(size)} MB: a file to issue from may be at most ${mb(MAX_BATCH_FILE_BYTES)} MB. Split it into smaller files.`;
}

/** The index of the first byte that does not belong to valid UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const [length, min] =
      b < 0x80
        ? [1, 0]
        : b >= 0xc2 && b < 0xe0
          ? [2, 0x80]
          : b >= 0xe0 && b < 0xf0
            ? [3, 0x800]
            : b >= 0xf0 && b < 0xf5
              ? [4, 0x10000]
              : [0, 0];
    if (length === 0 || i + length > bytes.length) return i;
    let code = length === 1 ? b : b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += length;
  }
  return -1;
}

/** The line (1 = the first) that byte `at` is on. */
const lineAt = (bytes: Uint8Array, at: number) => bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;

/** The line of text (1 = the first) that character `at` is on. */
const textLineAt = (text: string, at: number) => text.slice(0, at).split('\n').length;

function decoded(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The file's text, or why it is refused. */
export function fileText(bytes: Uint8Array): FileText {
  const [a, b] = [bytes[0], bytes[1]];
  const utf16 = a === 0xff && b === 0xfe ? 'utf-16le' : a === 0xfe && b === 0xff ? 'utf-16be' : null;
  let text: string;
  if (utf16) {
    const read = decoded(bytes, utf16);
    if (read === null)
      return { ok: false, message: `The file starts as UTF-16 text but is not valid UTF-16. ${SAVE_AS_UTF8}` };
    text = read;
  } else {
    const bad = firstInvalidUtf8(bytes);
    if (bad >= 0)
      return {
        ok: false,
        message: `The file is not UTF-8 text: line ${lineAt(bytes, bad)} holds bytes that are not UTF-8 (a file saved as plain "CSV" on Windows is often Windows-1252), so its names and addresses would not be read as written. ${SAVE_AS_UTF8}`,
      };
    text = decoded(bytes, 'utf-8') ?? '';
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0)
    return {
      ok: false,
      message: `Line ${textLineAt(text, nul)} of the file holds a NUL character: it is not a text file, or UTF-16 saved without its byte order mark. ${SAVE_AS_UTF8}`,
    };
  if (text.length > MAX_BATCH_CSV_CHARS)
    return {
      ok: false,
      message: `The file has ${text.length.toLocaleString('en')} characters: a file to issue from may have at most ${MAX_BATCH_CSV_CHARS.toLocaleString('en')}. Split it into smaller files.`,
    };
  return { ok: true, text };
}
