import { describe, expect, it } from 'vitest';
import { displayPan, formatDateTime, formatPhone, formatTime, lastFour } from '../../../src-renderer/lib/format';
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
