// The Approvals form of Settings and the rules it stands for: per write kind never, always or when…, the
// conditions, and the hours a request waits. Pure: the rules read become the form, and the form becomes the
// rules to save or the problem of each field, in the operator's words.
import type { ApprovalRules } from '../../../src-shared/ipc/channels/approval-rules';

export type Choice = 'never' | 'always' | 'when';

export interface RulesForm {
  cards: Choice;
  /** A spending limit above this amount, in the card's own currency (text as typed). */
  limitAbove: string;
  mappedToBankAccount: boolean;
  replacement: boolean;
  accounts: 'never' | 'always';
  batch: Choice;
  rowsAbove: string;
  /** Hours a request waits for its decision (empty: 24). */
  hours: string;
}

/** The fields a problem may belong to (the ids of the form's controls). */
export type RulesField = 'cards' | 'limitAbove' | 'rowsAbove' | 'hours';

export function formOf(rules: ApprovalRules | null): RulesForm {
  const cards = rules?.['cards.create'];
  const batch = rules?.bulkIssue;
  return {
    cards: cards === undefined || cards === 'never' ? 'never' : cards === 'always' ? 'always' : 'when',
    limitAbove:
      typeof cards === 'object' && cards.spendingLimitAbove !== undefined ? String(cards.spendingLimitAbove) : '',
    mappedToBankAccount: typeof cards === 'object' && cards.mappedToBankAccount === true,
    replacement: typeof cards === 'object' && cards.replacement === true,
    accounts: rules?.['accounts.create'] === 'always' ? 'always' : 'never',
    batch: batch === undefined || batch === 'never' ? 'never' : batch === 'always' ? 'always' : 'when',
    rowsAbove: typeof batch === 'object' ? String(batch.rowsAbove) : '',
    hours: rules?.approvalHours !== undefined ? String(rules.approvalHours) : '',
  };
}

/** "500,000" and "500000.50" are amounts; nothing else is. */
function amountOf(text: string): number | null {
  const plain = text.replace(/[,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : null;
}

function wholeOf(text: string): number | null {
  const plain = text.replace(/[,\s]/g, '');
  return /^\d+$/.test(plain) ? Number(plain) : null;
}

function cardRule(form: RulesForm, problems: Partial<Record<RulesField, string>>): ApprovalRules['cards.create'] {
  if (form.cards !== 'when') return form.cards;
  const rule: NonNullable<Exclude<ApprovalRules['cards.create'], string>> = {};
  if (form.limitAbove.trim() !== '') {
    const amount = amountOf(form.limitAbove);
    if (amount === null || amount <= 0)
      problems.limitAbove = 'Spending limit above must be an amount above 0, like 500,000';
    else rule.spendingLimitAbove = amount;
  }
  if (form.mappedToBankAccount) rule.mappedToBankAccount = true;
  if (form.replacement) rule.replacement = true;
  if (Object.keys(rule).length === 0 && !problems.limitAbove)
    problems.cards = 'Choose at least one condition for a card, or choose Never or Always';
  return rule;
}

/** The rules the form stands for, or the problem of each field that stops them. */
export function rulesOf(
  form: RulesForm,
): { ok: true; rules: ApprovalRules } | { ok: false; problems: Partial<Record<RulesField, string>> } {
  const problems: Partial<Record<RulesField, string>> = {};
  const rules: ApprovalRules = { 'cards.create': cardRule(form, problems), 'accounts.create': form.accounts };
  if (form.batch !== 'when') rules.bulkIssue = form.batch;
  else {
    const rows = wholeOf(form.rowsAbove);
    if (rows === null) problems.rowsAbove = 'Rows above must be a whole number of cards, like 20';
    else rules.bulkIssue = { rowsAbove: rows };
  }
  if (form.hours.trim() !== '') {
    const hours = wholeOf(form.hours);
    if (hours === null || hours < 1 || hours > 720)
      problems.hours = 'Approval hours must be a whole number from 1 to 720';
    else rules.approvalHours = hours;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, rules };
}

/** Which form field a refusal from main names (zod's path, e.g. "rules.cards.create.spendingLimitAbove"). */
export function fieldOfRefusal(field: string | undefined): RulesField | null {
  if (!field) return null;
  if (field.endsWith('spendingLimitAbove')) return 'limitAbove';
  if (field.endsWith('rowsAbove')) return 'rowsAbove';
  if (field.endsWith('approvalHours')) return 'hours';
  if (field.includes('cards.create')) return 'cards';
  return null;
}
