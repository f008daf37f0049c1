// The rows team:setup keeps in card_desk.write_kinds: every operation an approval request may carry, with the
// registry's words and its approval rule's shape read off the rule's schema; a rule of a form the database
// cannot check is refused at setup, naming the kind and the condition.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APPROVAL_OPERATIONS, APPROVAL_OPERATION_WORDS } from '../../../src-shared/ipc/channels/approvals';
import { WRITE_KIND_NAMES } from '../../../src-shared/ipc/write-kinds';
import { ruleShapeOf, writeKindRows } from '../../../src-main/team/write-kinds-table';

describe('the kinds of write team:setup keeps', () => {
  it('is one row per operation an approval request may carry, in the registry’s words', () => {
    const rows = writeKindRows();
    expect(rows.map((r) => r.kind)).toEqual([...APPROVAL_OPERATIONS]);
    for (const row of rows) expect(row.words).toBe(APPROVAL_OPERATION_WORDS[row.kind as 'bulkIssue']);
    for (const kind of WRITE_KIND_NAMES)
      expect(rows.find((r) => r.kind === kind)!.approval_rule.choices).toEqual(['always', 'never']);
  });

  it('reads a rule’s conditions off its schema: amounts above 0, whole numbers from 0, true or false', () => {
    const rule = z.union([
      z.literal('always'),
      z.literal('never'),
      z.strictObject({
        above: z.number().positive().optional(),
        rows: z.number().int().min(0),
        mapped: z.boolean().optional(),
      }),
    ]);
    expect(ruleShapeOf('cards.freeze', rule)).toEqual({
      choices: ['always', 'never'],
      conditions: { above: 'amount', rows: 'count', mapped: 'flag' },
      required: ['rows'],
    });
    expect(ruleShapeOf('x', z.union([z.literal('always'), z.literal('never')]))).toEqual({
      choices: ['always', 'never'],
      conditions: null,
      required: [],
    });
  });

  it('refuses a condition the database cannot check, naming it', () => {
    const rule = z.union([z.literal('never'), z.strictObject({ colour: z.string() })]);
    expect(() => ruleShapeOf('cards.freeze', rule)).toThrow(
      /^cards\.freeze\.colour: the team database checks a condition/,
    );
  });
});
