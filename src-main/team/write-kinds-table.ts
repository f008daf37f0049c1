// The team database's list of the kinds of write (card_desk.write_kinds, migration 8), filled by team:setup on
// every run from the registry of write kinds: every operation an approval request may carry (each write kind,
// and a batch), with its words and the shape of its approval rule, read off the rule's own schema so the
// database checks the rules Settings saves as the desks read them. A kind is added or brought up to date,
// never deleted: requests and claims of a kind stay readable by every desk.
import type { ClientBase } from 'pg';
import { z } from 'zod';
import { approvalRulesSchema } from '../../src-shared/ipc/channels/approval-rules';
import { APPROVAL_OPERATIONS, APPROVAL_OPERATION_WORDS } from '../../src-shared/ipc/channels/approvals';

/** A condition of a rule as the database checks it: an amount above 0, a whole number from 0, true or false. */
type Condition = 'amount' | 'count' | 'flag';

/** The shape of a kind's approval rule, as migration 8's `approval_rules_problem` reads it. */
export interface RuleShape {
  choices: string[];
  conditions: Record<string, Condition> | null;
  required: string[];
}

interface JsonSchema {
  anyOf?: JsonSchema[];
  const?: unknown;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  exclusiveMinimum?: number;
}

function conditionOf(kind: string, name: string, schema: JsonSchema): Condition {
  if (schema.type === 'boolean') return 'flag';
  if (schema.type === 'number' && schema.exclusiveMinimum === 0) return 'amount';
  if (schema.type === 'integer' && schema.minimum === 0) return 'count';
  throw new Error(
    `${kind}.${name}: the team database checks a condition that is an amount above 0, a whole number from 0, or true or false; add its form to migration 8's approval_rules_problem in a new migration`,
  );
}

/** Reads a rule's schema ("always", "never", or an object of conditions) as the database checks it. */
export function ruleShapeOf(kind: string, rule: z.ZodType): RuleShape {
  const json = z.toJSONSchema(rule) as JsonSchema;
  const shape: RuleShape = { choices: [], conditions: null, required: [] };
  for (const option of json.anyOf ?? [json]) {
    if (typeof option.const === 'string') shape.choices.push(option.const);
    else if (option.type === 'object') {
      shape.conditions = Object.fromEntries(
        Object.entries(option.properties ?? {}).map(([name, s]) => [name, conditionOf(kind, name, s)]),
      );
      shape.required = option.required ?? [];
    } else throw new Error(`${kind}: an approval rule is "always", "never" or conditions`);
  }
  return shape;
}

/** The rows team:setup keeps in card_desk.write_kinds: one per operation an approval request may carry. */
export function writeKindRows(): { kind: string; words: string; approval_rule: RuleShape }[] {
  return APPROVAL_OPERATIONS.map((kind) => ({
    kind,
    words: APPROVAL_OPERATION_WORDS[kind],
    approval_rule: ruleShapeOf(kind, approvalRulesSchema.shape[kind].unwrap()),
  }));
}

/**
 * Adds the kinds the table lacks and brings the others' words and rule up to date (`update`; not by a Card Desk
 * older than the schema, whose registry may know less of a kind); the kinds added.
 */
export async function fillWriteKinds(client: ClientBase, { update }: { update: boolean }): Promise<string[]> {
  const { rows } = await client.query<{ kind: string; added: boolean }>(
    `INSERT INTO card_desk.write_kinds AS w (kind, words, approval_rule)
     SELECT kind, words, approval_rule FROM jsonb_to_recordset($1::jsonb) AS k(kind text, words text, approval_rule jsonb)
     ON CONFLICT (kind) DO UPDATE SET words = EXCLUDED.words, approval_rule = EXCLUDED.approval_rule
       WHERE $2 AND (w.words, w.approval_rule) IS DISTINCT FROM (EXCLUDED.words, EXCLUDED.approval_rule)
     RETURNING kind, (xmax = 0) AS added`,
    [JSON.stringify(writeKindRows()), update],
  );
  return rows.filter((r) => r.added).map((r) => r.kind);
}
