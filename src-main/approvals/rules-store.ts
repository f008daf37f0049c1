// The team database's approval rules of an API address (migration 005, team/schema/005-approval-rules.ts):
// read by every desk, changed only through set_approval_rules, which checks the login is card_desk_admin.
import type { PoolClient } from 'pg';
import type { ApprovalRules } from '../../src-shared/ipc/channels/approval-rules';
import type { TeamRulesRow } from './rules-in-force';

/** Every change of any address's rules is notified here (the payload is the address). */
export const RULES_CHANNEL = 'card_desk_approval_rules';

interface Row {
  rules: unknown;
  set_by: string;
  set_at: Date;
}

const rowOf = (row: Row | undefined): TeamRulesRow | null =>
  row ? { rules: row.rules, setBy: row.set_by, setAt: row.set_at } : null;

export const rulesStore = {
  async read(client: PoolClient, address: string): Promise<TeamRulesRow | null> {
    const { rows } = await client.query<Row>(
      'SELECT rules, set_by, set_at FROM card_desk.approval_rules WHERE environment_address = $1',
      [address],
    );
    return rowOf(rows[0]);
  },

  /** Whether the database counts this login an administrator (it decides; the desk only shows it). */
  async isAdmin(client: PoolClient): Promise<boolean> {
    const { rows } = await client.query<{ admin: boolean }>(
      `SELECT pg_has_role(session_user, 'card_desk_admin', 'MEMBER') AS admin`,
    );
    return rows[0]?.admin === true;
  },

  async set(
    client: PoolClient,
    address: string,
    rules: ApprovalRules | null,
    desk: { id: string; name: string },
  ): Promise<TeamRulesRow | null> {
    const { rows } = await client.query<Row>(
      `SELECT (r).rules, (r).set_by, (r).set_at
         FROM (SELECT card_desk.set_approval_rules($1, $2::jsonb, $3, $4) AS r) s`,
      [address, rules === null ? null : JSON.stringify(rules), desk.id, desk.name],
    );
    return rowOf(rows[0]);
  },
};
