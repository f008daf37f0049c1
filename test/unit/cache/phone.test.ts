import { describe, expect, it } from 'vitest';
import { looksLikePhone, nationalNumber } from '../../../src-main/cache/search/phone';

describe('nationalNumber', () => {
  it.each([
    ['+2348031234567'],
    ['2348031234567'],
    ['08031234567'],
    ['0803 123 4567'],
    ['+234 (0) 803-123-4567'],
    ['002348031234567'],
  ])('reads %s as 8031234567', (raw) => {
    expect(nationalNumber(raw)).toBe('8031234567');
  });

  it('keeps a prefix typed in any form comparable with the stored number', () => {
    expect(nationalNumber('0803')).toBe('803');
    expect(nationalNumber('+234803')).toBe('803');
    expect(nationalNumber('234 80')).toBe('80');
    expect(nationalNumber('803 12')).toBe('80312');
  });

  it('keeps the international digits of another country', () => {
    expect(nationalNumber('+1 415 555 0100')).toBe('14155550100');
  });

  it('gives an empty string when there is no number', () => {
    expect(nationalNumber('')).toBe('');
    expect(nationalNumber('+234')).toBe('');
  });
});

describe('looksLikePhone', () => {
  it('accepts digits in phone punctuation, from three digits on', () => {
    expect(looksLikePhone('0803 123 4567')).toBe(true);
    expect(looksLikePhone('+234-803')).toBe(true);
    expect(looksLikePhone('080')).toBe(true);
  });
  it('refuses names, emails, short digit runs and mixed text', () => {
    expect(looksLikePhone('Ada')).toBe(false);
    expect(looksLikePhone('ada@x.ng')).toBe(false);
    expect(looksLikePhone('08')).toBe(false);
    expect(looksLikePhone('61cf99')).toBe(false);
  });
});
