// The Approvals form of Settings: the rules read become the form, the form becomes the rules to save, and a
// field that does not make sense is named in the operator's words.
import { describe, expect, it } from 'vitest';
import { WRITE_KIND_NAMES } from '../../../src-shared/ipc/write-kinds';
import {
  CARD_KIND,
  fieldOfRefusal,
  formOf,
  rulesOf,
  type RulesForm,
} from '../../../src-renderer/pages/settings/approvalRulesForm';

/** The form with the card's choice made. */
const withCard = (form: RulesForm, choice: 'never' | 'always' | 'when'): RulesForm => ({
  ...form,
  kinds: { ...form.kinds, [CARD_KIND]: choice },
});

describe('the approval rules form', () => {
  it('gives back the rules it was made from', () => {
    const rules = {
      'cards.create': { spendingLimitAbove: 500000, mappedToBankAccount: true },
      'accounts.create': 'always' as const,
      bulkIssue: { rowsAbove: 20 },
      approvalHours: 8,
    };
    expect(rulesOf(formOf(rules))).toEqual({ ok: true, rules });
    expect(rulesOf(formOf(null))).toEqual({
      ok: true,
      rules: { 'cards.create': 'never', 'accounts.create': 'never', bulkIssue: 'never' },
    });
  });

  it('offers every write kind of the registry, each never until chosen', () => {
    expect(Object.keys(formOf(null).kinds)).toEqual(WRITE_KIND_NAMES);
    expect(Object.values(formOf(null).kinds).every((c) => c === 'never')).toBe(true);
  });

  it('reads amounts as operators type them', () => {
    const form = { ...withCard(formOf(null), 'when'), limitAbove: '500,000' };
    expect(rulesOf(form)).toMatchObject({ ok: true, rules: { 'cards.create': { spendingLimitAbove: 500000 } } });
  });

  it('names each field that stops the save', () => {
    const form = { ...withCard(formOf(null), 'when'), limitAbove: 'lots', batch: 'when' as const, hours: '0' };
    expect(rulesOf(form)).toEqual({
      ok: false,
      problems: {
        limitAbove: 'Spending limit above must be an amount above 0, like 500,000',
        rowsAbove: 'Rows above must be a whole number of cards, like 20',
        hours: 'Approval hours must be a whole number from 1 to 720',
      },
    });
    expect(rulesOf(withCard(formOf(null), 'when'))).toEqual({
      ok: false,
      problems: { 'cards.create': 'Choose at least one condition for a card, or choose Never or Always' },
    });
  });

  it('puts a refusal from main on its field', () => {
    expect(fieldOfRefusal('rules.cards.create.spendingLimitAbove')).toBe('limitAbove');
    expect(fieldOfRefusal('rules.approvalHours')).toBe('hours');
    for (const kind of WRITE_KIND_NAMES) expect(fieldOfRefusal(`rules.${kind}`)).toBe(kind);
    expect(fieldOfRefusal(undefined)).toBeNull();
  });
});
