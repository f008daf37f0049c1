import { describe, expect, it } from 'vitest';
import {
  dayText,
  displayPan,
  formatDateTime,
  formatMoney,
  formatPhone,
  formatTime,
  lastFour,
  readDay,
} from '../../../src-renderer/lib/format';
import { amountText } from '../../../src-main/approvals/rules';
import { dobText } from '../../../src-renderer/components/customers/customerFields';
import { exportLabel } from '../../../src-renderer/components/lists/ExportButton';

describe('card numbers', () => {
  it('cut the masked middle so the last four always show', () => {
    expect(displayPan('506099*********1234')).toBe('506099 •• 1234');
    expect(displayPan('408408******9062')).toBe('408408 •• 9062');
    expect(displayPan('5060991234567890123')).toBe('•••• 0123');
    expect(displayPan(undefined)).toBe('—');
    expect(lastFour('506099*********1234')).toBe('1234');
    expect(lastFour('no digits')).toBeNull();
  });
});

describe('times and dates', () => {
  it('say their zone', () => {
    expect(formatDateTime('2026-11-22T14:05:00Z')).toMatch(/^22 Nov 2026, \d{2}:05 GMT([+-]\d{1,2}(:\d{2})?)?$/);
    expect(formatTime('2026-11-22T14:05:00Z')).toMatch(/^\d{2}:05 GMT/);
    expect(formatTime('nonsense')).toBe('');
  });
  it('write a date of birth as every date is written', () => {
    expect(dobText('1990/03/04')).toBe('4 Mar 1990');
    expect(dobText('1990-03-04T00:00:00.000Z')).toBe('4 Mar 1990');
    expect(dobText(undefined)).toBe('—');
  });
});

describe('days typed in a date field', () => {
  it('are read day first, as the app writes them, and written back its way', () => {
    for (const typed of ['28 Nov 2026', '28 november 2026', ' 28 Nov, 2026 ', '28/11/2026', '28-11-2026', '2026-11-28'])
      expect(readDay(typed), typed).toBe('2026-11-28');
    expect(dayText('2026-11-28')).toBe('28 Nov 2026');
    expect(dayText('')).toBe('');
  });
  it('are not read month first, half typed, or as a day that does not exist', () => {
    for (const typed of ['10/30/2026', '28 Nov 2', '28 Nov', '31/02/2026', 'yesterday', ''])
      expect(readDay(typed), typed).toBeNull();
  });
});

describe('money', () => {
  it('is written one way in the renderer and in main: symbol, thousands, two decimals', () => {
    expect(formatMoney(750_000, 'NGN')).toBe('₦750,000.00');
    expect(formatMoney(550_000.5, 'ngn')).toBe('₦550,000.50');
    expect(formatMoney(50, 'USD')).toBe('$50.00');
    expect(formatMoney(-12, 'USD')).toBe('-$12.00');
    expect(formatMoney(5, 'EUR')).toBe('EUR 5.00');
    expect(amountText('NGN', 750_000)).toBe('₦750,000.00');
  });
});

describe('phone numbers', () => {
  it('are grouped as people read them', () => {
    expect(formatPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(formatPhone('08031234567')).toBe('0803 123 4567');
    expect(formatPhone('+1 (415) 555-0134')).toBe('+1 415 555 0134');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(undefined)).toBe('—');
  });
});

describe('export buttons', () => {
  it('say how many rows the file will hold', () => {
    expect(exportLabel(8, 'customer', 'customers', true)).toBe('Export these 8 customers');
    expect(exportLabel(1204, 'customer', 'customers', false)).toBe('Export all 1,204 customers');
    expect(exportLabel(1, 'customer', 'customers', true)).toBe('Export this customer');
    expect(exportLabel(0, 'customer', 'customers', true)).toBe('No customers to export');
    expect(exportLabel(undefined, 'customer', 'customers', true)).toBe('Export customers');
  });
});
