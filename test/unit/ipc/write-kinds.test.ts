// The registry of write kinds: each kind is a write channel of the contract whose input is its request, it
// declares that it may need approval, and the rules, the journal's words and its filters follow the registry.
import { describe, expect, it } from 'vitest';
import { approvalRulesSchema } from '../../../src-shared/ipc/channels/approval-rules';
import { APPROVAL_OPERATIONS, approvalWriteSchema } from '../../../src-shared/ipc/channels/approvals';
import { journalChannels } from '../../../src-shared/ipc/channels/journal';
import { contract } from '../../../src-shared/ipc/contract';
import { OPERATION_WORDS, WRITE_KINDS, WRITE_KIND_NAMES, nounOf } from '../../../src-shared/ipc/write-kinds';

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
});
