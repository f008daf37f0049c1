// The Approvals form of Settings and the rules it stands for: per write kind never, always or when…, the
// conditions, and the hours a request waits. Pure: the rules read become the form, and the form becomes the
// rules to save or the problem of each field, in the operator's words.
import type { ApprovalRules } from '../../../src-shared/ipc/channels/approval-rules';
import { WRITE_KIND_NAMES, perKind, type WriteKind } from '../../../src-shared/ipc/write-kinds';

export type Choice = 'never' | 'always' | 'when';

/** The write kind whose conditions the form asks for (a spending limit, a bank account, a replacement). */
export const CARD_KIND = 'cards.create' satisfies WriteKind;

export interface RulesForm {
  /** Each write kind's choice, as the registry of write kinds lists them ("when" only where its rule has conditions). */
  kinds: Record<WriteKind, Choice>;
  /** A card: a spending limit above this amount, in the card's own currency (text as typed). */
  limitAbove: string;
  mappedToBankAccount: boolean;
  replacement: boolean;
  batch: Choice;
  rowsAbove: string;
  /** Hours a request waits for its decision (empty: 24). */
  hours: string;
}

/** The fields a problem may belong to (the ids of the form's controls; a kind: its choice). */
export type RulesField = WriteKind | 'limitAbove' | 'rowsAbove' | 'hours';

const choiceOf = (rule: unknown): Choice =>
  rule === undefined || rule === 'never' ? 'never' : rule === 'always' ? 'always' : 'when';

export function formOf(rules: ApprovalRules | null): RulesForm {
  const card = rules?.[CARD_KIND];
  const batch = rules?.bulkIssue;
  return {
    kinds: perKind<Record<WriteKind, Choice>>((k) => choiceOf(rules?.[k])),
    limitAbove:
      typeof card === 'object' && card.spendingLimitAbove !== undefined ? String(card.spendingLimitAbove) : '',
    mappedToBankAccount: typeof card === 'object' && card.mappedToBankAccount === true,
    replacement: typeof card === 'object' && card.replacement === true,
    batch: choiceOf(batch),
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

type CardRule = NonNullable<ApprovalRules[typeof CARD_KIND]>;

function cardRule(form: RulesForm, problems: Partial<Record<RulesField, string>>): CardRule {
  const choice = form.kinds[CARD_KIND];
  if (choice !== 'when') return choice;
  const rule: Exclude<CardRule, string> = {};
  if (form.limitAbove.trim() !== '') {
    const amount = amountOf(form.limitAbove);
    if (amount === null || amount <= 0)
      problems.limitAbove = 'Spending limit above must be an amount above 0, like 500,000';
    else rule.spendingLimitAbove = amount;
  }
  if (form.mappedToBankAccount) rule.mappedToBankAccount = true;
  if (form.replacement) rule.replacement = true;
  if (Object.keys(rule).length === 0 && !problems.limitAbove)
    problems[CARD_KIND] = 'Choose at least one condition for a card, or choose Never or Always';
  return rule;
}

/** A kind's rule as chosen: the card's conditions, or never or always (a kind without conditions). */
function kindRule(kind: WriteKind, form: RulesForm, problems: Partial<Record<RulesField, string>>): string | object {
  if (kind === CARD_KIND) return cardRule(form, problems);
  const choice = form.kinds[kind];
  if (choice === 'when') problems[kind] = 'Choose Never or Always';
  return choice;
}

/** The rules the form stands for, or the problem of each field that stops them. */
export function rulesOf(
  form: RulesForm,
): { ok: true; rules: ApprovalRules } | { ok: false; problems: Partial<Record<RulesField, string>> } {
  const problems: Partial<Record<RulesField, string>> = {};
  const rules = Object.fromEntries(WRITE_KIND_NAMES.map((k) => [k, kindRule(k, form, problems)])) as ApprovalRules;
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

/** Which form field a refusal from main names (zod's path, e.g. "rules.<kind>.spendingLimitAbove"). */
export function fieldOfRefusal(field: string | undefined): RulesField | null {
  if (!field) return null;
  if (field.endsWith('spendingLimitAbove')) return 'limitAbove';
  if (field.endsWith('rowsAbove')) return 'rowsAbove';
  if (field.endsWith('approvalHours')) return 'hours';
  return WRITE_KIND_NAMES.find((k) => field.includes(k)) ?? null;
}
