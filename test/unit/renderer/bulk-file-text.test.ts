// A file chosen in Issue from a file is read as the text it is, or refused saying why, never silently changed:
// too large, refused by its size before it is read; UTF-16 by its byte order mark, read; UTF-8 with or without
// its mark, read; Windows-1252 (or any bytes that are not UTF-8), refused naming the first such line; a NUL
// character refused. Main refuses text that holds U+FFFD or NUL, naming the line, whatever sent it.
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_FILE_BYTES } from '../../../src-shared/ipc/channels/bulk-issue';
import { fileText, firstInvalidUtf8, tooLargeToRead } from '../../../src-renderer/pages/bulk-issue/file-text';
import { readCsv } from '../../../src-main/bulk-issue/csv-input';

const CSV = 'customer,type,reference\nadaeze.okafor@example.ng,virtual,Chiọma Ọ̀kàfọ̀\nbola@example.ng,virtual,Renée\n';

const utf16 = (text: string, order: 'le' | 'be') => {
  const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return order === 'le' ? le : Buffer.from(le).swap16();
};
/** Windows-1252 for the Latin-1 range (what Excel's plain "CSV" writes on Windows). */
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

describe('a chosen file', () => {
  it('over its limit is refused by its size, before it is read', () => {
    expect(tooLargeToRead(MAX_BATCH_FILE_BYTES)).toBeNull();
    expect(tooLargeToRead(2_000_000_000)).toBe(
      'The file is 2,000 MB: a file to issue from may be at most 8 MB. Split it into smaller files.',
    );
  });

  it('in UTF-8, with or without its mark, or in UTF-16 by its mark, is read exactly', () => {
    expect(fileText(Buffer.from(CSV))).toEqual({ ok: true, text: CSV });
    expect(fileText(Buffer.from(`\uFEFF${CSV}`))).toEqual({ ok: true, text: CSV });
    expect(fileText(utf16(CSV, 'le'))).toEqual({ ok: true, text: CSV });
    expect(fileText(utf16(CSV, 'be'))).toEqual({ ok: true, text: CSV });
  });

  it('in Windows-1252 is refused naming the first line that is not UTF-8, never read with U+FFFD', () => {
    const text = 'customer,type,reference\nbola@example.ng,virtual,B-1\nrenee@example.ng,virtual,Renée\n';
    const read = fileText(windows1252(text));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^The file is not UTF-8 text: line 3 holds bytes that are not UTF-8 /);
    expect(!read.ok && read.message).toContain('"CSV UTF-8 (comma delimited)"');
  });

  it('with bytes that are not UTF-8 is told apart from UTF-8 exactly', () => {
    expect(firstInvalidUtf8(Buffer.from('aé€😀'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0x80]))).toBe(1); // an overlong form
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // a surrogate
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0xe2, 0x82]))).toBe(2); // cut short
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
  });

  it('holding a NUL character (UTF-16 without its mark) is refused naming the line', () => {
    const read = fileText(Buffer.from('customer,type\nada@example.ng,virtual\n', 'utf16le'));
    expect(!read.ok && read.message).toMatch(/^Line 1 of the file holds a NUL character/);
  });
});

describe('main', () => {
  it('refuses text that holds U+FFFD or NUL, naming the line', () => {
    const replaced = readCsv('customer,type\nbola@example.ng,virtual\nren\uFFFDe@example.ng,virtual\n');
    expect(replaced).toEqual({
      ok: false,
      message:
        'Line 3 of the file holds a character that was not read as written (U+FFFD): the file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and choose it again.',
    });
    const nul = readCsv('customer,type\u0000\nbola@example.ng,virtual\n');
    expect(!nul.ok && nul.message).toMatch(
      /^Line 1 of the file holds a character that was not read as written \(NUL\)/,
    );
    expect(readCsv(CSV).ok).toBe(true);
  });
});
