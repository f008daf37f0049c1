import { describe, expect, it } from 'vitest';
import { suggestedFileName } from '../../../src-main/exports/file-name';

describe('suggestedFileName', () => {
  it('names the list in kebab case with the local date', () => {
    const day = new Date(2026, 10, 22, 9, 30);
    expect(suggestedFileName('authorizations', day)).toBe('card-desk-authorizations-2026-11-22.csv');
    expect(suggestedFileName('cardTransactions', day)).toBe('card-desk-card-transactions-2026-11-22.csv');
    expect(suggestedFileName('fundingSources', day)).toBe('card-desk-funding-sources-2026-11-22.csv');
  });
});
