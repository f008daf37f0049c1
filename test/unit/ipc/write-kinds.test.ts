// The registry of write kinds: each kind is a write channel of the contract whose input is its request, it
// declares that it may need approval, and the rules, the journal's words and its filters follow the registry.
import { describe, expect, it } from 'vitest';
import { approvalRulesSchema } from '../../../src-shared/ipc/channels/approval-rules';
import {
  APPROVAL_OPERATIONS,
  APPROVAL_OPERATION_WORDS,
  approvalWriteSchema,
} from '../../../src-shared/ipc/channels/approvals';
import { journalChannels } from '../../../src-shared/ipc/channels/journal';
import { contract } from '../../../src-shared/ipc/contract';
import { placeholderCardRequest } from '../../support/card-requests';
import {
  OPERATION_WORDS,
  WRITE_KINDS,
  WRITE_KIND_NAMES,
  nounOf,
  parseWrite,
  stampApproval,
  type SingleWrite,
} from '../../../src-shared/ipc/write-kinds';

describe('the registry of write kinds', () => {
  it.each(WRITE_KIND_NAMES)('%s is a write channel that declares it may need approval', (kind) => {
    expect(contract[kind].guards.approval).toBeTypeOf('function');
    expect(WRITE_KINDS[kind].fingerprintFields.length).toBeGreaterThan(0);
    expect(OPERATION_WORDS[kind]).toBe(WRITE_KINDS[kind].words.action);
    expect(approvalRulesSchema.safeParse({ [kind]: 'always' }).success).toBe(true);
  });

  it('every kind, and a batch, can be sent for approval; anything else is refused naming the field', () => {
    expect(APPROVAL_OPERATIONS).toEqual([...WRITE_KIND_NAMES, 'bulkIssue']);
    const refused = approvalWriteSchema.safeParse({ operation: 'cards.delete', input: {} });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('operation must be cards.create, accounts.create or bulkIssue');
  });

  it('filters the journal by a kind, and refuses another naming the field', () => {
    const list = journalChannels['journal.list'].input;
    for (const kind of WRITE_KIND_NAMES) expect(list.safeParse({ operation: kind }).success).toBe(true);
    const refused = list.safeParse({ operation: 'cards.delete' });
    expect(refused.error?.issues[0]?.message).toBe('operation must be cards.create or accounts.create');
  });

  it('names what a write makes in the operator’s words', () => {
    const account = { customerId: 'a'.repeat(24), currency: 'NGN', accountType: 'Savings' } as const;
    expect(nounOf({ operation: 'accounts.create', input: { ...account, type: 'wallet' } } as never)).toBe('wallet');
    expect(nounOf({ operation: 'accounts.create', input: { ...account, type: 'account' } } as never)).toBe('account');
    expect(nounOf({ operation: 'cards.create', input: {} } as never)).toBe('card');
  });

  it('names every operation an approval request carries in the operator’s words, a kind’s as the registry says', () => {
    for (const kind of WRITE_KIND_NAMES) expect(APPROVAL_OPERATION_WORDS[kind]).toBe(WRITE_KINDS[kind].words.action);
    expect(APPROVAL_OPERATION_WORDS.bulkIssue).toBe('Issue from a file');
  });
});

describe('an approved write', () => {
  const who = { request: '42', requestedBy: 'mary', approvedBy: 'ada' };
  const card = placeholderCardRequest({ debitAccountId: '7'.repeat(24), metadata: { costCentre: 'Ikeja' } });

  it('is read back as the request of its kind, or refused with the field’s problem', () => {
    const read = parseWrite('cards.create', card);
    expect(read).toMatchObject({ ok: true, write: { operation: 'cards.create', input: { brand: 'Verve' } } });
    const refused = parseWrite('accounts.create', { type: 'wallet', currency: 'NGN', accountType: 'Savings' });
    expect(refused).toMatchObject({ ok: false, issue: { path: ['customerId'], message: 'customerId is required' } });
  });

  it('records its four eyes where its kind says how: a card in its metadata, beside what was there', () => {
    const read = parseWrite('cards.create', card);
    if (!read.ok) throw new Error('the card did not parse');
    expect(stampApproval(read.write, who).input).toMatchObject({
      metadata: { costCentre: 'Ikeja', approvalRequest: '42', requestedBy: 'mary', approvedBy: 'ada' },
    });
    expect(read.write.input).toMatchObject({ metadata: { costCentre: 'Ikeja' } });
    expect(read.write.input).not.toHaveProperty('metadata.approvedBy');
  });

  it('is sent as approved where its kind records nothing (an account)', () => {
    const wallet = {
      operation: 'accounts.create',
      input: { type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId: 'a'.repeat(24) },
    } as SingleWrite;
    expect(stampApproval(wallet, who)).toEqual(wallet);
  });
});
