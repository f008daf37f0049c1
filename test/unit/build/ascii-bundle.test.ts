// The worker bundles are written in ASCII alone (asciiOnly in electron.vite.config.ts): a character past
// ASCII, left by esbuild in a comment, becomes an escape that reads the same wherever it stands.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asciiOnly } from '../../../electron.vite.config';

describe('a bundle in ASCII alone', () => {
  it('escapes every other character, in comments, strings and patterns, to the same meaning', () => {
    const source = [
      '/** IV ‖ ciphertext ‖ tag — and a name: Ọ́kà */',
      'const word = "Entrada invàlida ₦ 😀";',
      'const joiner = /\uE000/.test("a\uE000b");',
      '({ word, joiner, length: word.length })',
    ].join('\n');
    const ascii = asciiOnly(source);
    expect(/[\u0080-\uffff]/.test(ascii)).toBe(false);
    expect(runInNewContext(ascii)).toEqual(runInNewContext(source));
    expect(runInNewContext(ascii)).toMatchObject({ word: 'Entrada invàlida ₦ 😀', joiner: true });
  });

  it('leaves ASCII as it is', () => {
    const source = 'const a = "plain"; // a comment\n';
    expect(asciiOnly(source)).toBe(source);
  });
});
