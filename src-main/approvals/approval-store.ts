// The approval requests in the team database, read and changed only through the functions migration 004
// made (team/schema/004-approvals.ts): each checks the login (session_user), so what this file asks is
// what the database allows that login, nothing more.
import type { PoolClient } from 'pg';
import type {
  Approval,
  ApprovalOperation,
  ApprovalState,
  ApprovalsListQuery,
} from '../../src-shared/ipc/channels/approvals';

export interface ApprovalRow {
  id: string;
  operation: ApprovalOperation;
  body: string;
  body_sha256: string;
  summary: unknown;
  reasons: string[];
  environment_id: string;
  environment_address: string;
  desk_name: string;
  note: string | null;
  maker: string;
  requested_at: Date;
  expires_at: Date;
  state: ApprovalState;
  checker: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  sending_desk_name: string | null;
  result_id: string | null;
  outcome_message: string | null;
}

/** A waiting request past its time reads as expired, before any desk has marked it so. */
const COLUMNS = `id::text, operation, body, body_sha256, summary, reasons, environment_id, environment_address,
  desk_name, note, maker, requested_at, expires_at,
  CASE WHEN state = 'waiting' AND expires_at <= now() THEN 'expired' ELSE state END AS state,
  checker, decided_at, decision_note, sending_desk_name, result_id, outcome_message`;

/** A list carries no body (up to 4 MB each): `approvals.get` reads one request whole. */
const LIST_COLUMNS = COLUMNS.replace('operation, body,', "operation, '{}'::text AS body,");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function parsedBody(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function summaryOf(value: unknown): Approval['summary'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { label, value: text } = (item ?? {}) as { label?: unknown; value?: unknown };
    return typeof label === 'string' && typeof text === 'string' ? [{ label, value: text }] : [];
  });
}

/**
 * One request as the contract has it; `batchHere`: whether a batch of this id is this desk's (an approved
 * batch ran here, so its rows are in this desk's journal).
 */
export function approvalOf(
  row: ApprovalRow,
  login: string | null,
  batchHere: (batchId: string) => boolean = () => false,
): Approval {
  return {
    id: row.id,
    operation: row.operation,
    state: row.state,
    summary: summaryOf(row.summary),
    reasons: row.reasons,
    request: parsedBody(row.body),
    bodySha256: row.body_sha256,
    environmentId: row.environment_id,
    environmentAddress: row.environment_address,
    maker: row.maker,
    deskName: row.desk_name,
    note: row.note,
    requestedAt: row.requested_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    checker: row.checker,
    decidedAt: iso(row.decided_at),
    decisionNote: row.decision_note,
    sendingDeskName: row.sending_desk_name,
    resultId: row.result_id,
    outcomeMessage: row.outcome_message,
    mine: login !== null && row.maker === login,
    batchOnThisDesk: row.operation === 'bulkIssue' && row.result_id !== null && batchHere(row.result_id),
    review: null,
  };
}

export interface NewRequest {
  operation: ApprovalOperation;
  body: string;
  bodySha256: string;
  fingerprint: string;
  summary: Approval['summary'];
  reasons: string[];
  environmentId: string;
  environmentAddress: string;
  desk: { id: string; name: string };
  note: string | null;
  hours: number;
}

/** Runs one of migration 004's functions (once: in FROM) and reads the request it returns as the list does. */
async function step(client: PoolClient, call: string, values: unknown[]): Promise<ApprovalRow> {
  const { rows } = await client.query<ApprovalRow>(`SELECT ${COLUMNS} FROM ${call} AS r`, values);
  return rows[0]!;
}

export const approvalStore = {
  request: (client: PoolClient, r: NewRequest) =>
    step(client, 'card_desk.request_approval($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)', [
      r.operation,
      r.body,
      r.bodySha256,
      r.fingerprint,
      JSON.stringify(r.summary),
      r.reasons,
      r.environmentId,
      r.environmentAddress,
      r.desk.id,
      r.desk.name,
      r.note,
      r.hours,
    ]),
  approve: (client: PoolClient, id: string, note: string | null, deskName: string) =>
    step(client, 'card_desk.approve_request($1, $2, $3)', [id, note, deskName]),
  reject: (client: PoolClient, id: string, reason: string, deskName: string) =>
    step(client, 'card_desk.reject_request($1, $2, $3)', [id, reason, deskName]),
  withdraw: (client: PoolClient, id: string, deskName: string) =>
    step(client, 'card_desk.withdraw_request($1, $2)', [id, deskName]),
  claim: (client: PoolClient, id: string, desk: { id: string; name: string }) =>
    step(client, 'card_desk.claim_for_sending($1, $2, $3)', [id, desk.id, desk.name]),
  recordOutcome: (
    client: PoolClient,
    id: string,
    outcome: { state: 'sent' | 'failed' | 'outcome_unknown'; resultId: string | null; message: string | null },
    journalEntryId: string | null,
  ) =>
    step(client, 'card_desk.record_outcome($1, $2, $3, $4, $5)', [
      id,
      outcome.state,
      outcome.resultId,
      outcome.message,
      journalEntryId,
    ]),
  expire: async (client: PoolClient) => {
    await client.query('SELECT card_desk.expire_requests()');
  },

  /** The open request (waiting, approved or being sent) of a write, if any. */
  async openFor(
    client: PoolClient,
    fingerprint: string,
  ): Promise<{ id: string; maker: string; desk_name: string; state: string } | null> {
    const { rows } = await client.query<{ id: string; maker: string; desk_name: string; state: string }>(
      `SELECT id::text, maker, desk_name, state FROM card_desk.approval_requests
        WHERE fingerprint = $1 AND state IN ('waiting', 'approved', 'sending') AND expires_at > now() LIMIT 1`,
      [fingerprint],
    );
    return rows[0] ?? null;
  },

  async get(client: PoolClient, id: string): Promise<ApprovalRow | null> {
    const { rows } = await client.query<ApprovalRow>(
      `SELECT ${COLUMNS} FROM card_desk.approval_requests WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  },

  async list(client: PoolClient, query: ApprovalsListQuery): Promise<ApprovalRow[]> {
    const { rows } = await client.query<ApprovalRow>(
      `SELECT * FROM (SELECT ${LIST_COLUMNS} FROM card_desk.approval_requests
                       WHERE ($2::boolean IS NOT TRUE OR maker = session_user)) AS r
        WHERE ($1::text IS NULL OR r.state = $1)
        ORDER BY requested_at DESC, id DESC LIMIT 1000`,
      [query.state && query.state !== 'all' ? query.state : null, query.mine === true],
    );
    return rows;
  },

  /**
   * The login, whether it is an approver, how many wait for it to decide, how many of its own wait, and when
   * one of its own was last decided or settled (an expired one at its time).
   */
  async counts(client: PoolClient): Promise<{
    login: string;
    approver: boolean;
    waitingForMe: number;
    myWaiting: number;
    myLastDecisionAt: string | null;
  }> {
    const { rows } = await client.query<{
      login: string;
      approver: boolean;
      others: number;
      mine: number;
      decided: Date | null;
    }>(
      `SELECT session_user AS login, pg_has_role(session_user, 'card_desk_approver', 'MEMBER') AS approver,
              count(*) FILTER (WHERE state = 'waiting' AND expires_at > now() AND maker <> session_user)::int AS others,
              count(*) FILTER (WHERE state = 'waiting' AND expires_at > now() AND maker = session_user)::int AS mine,
              max(CASE WHEN state = 'waiting' THEN expires_at
                       ELSE greatest(decided_at, settled_at) END)
                FILTER (WHERE maker = session_user AND state <> 'withdrawn'
                          AND (state <> 'waiting' OR expires_at <= now())) AS decided
         FROM card_desk.approval_requests`,
    );
    const row = rows[0]!;
    return {
      login: row.login,
      approver: row.approver,
      waitingForMe: row.approver ? row.others : 0,
      myWaiting: row.mine,
      myLastDecisionAt: row.decided ? row.decided.toISOString() : null,
    };
  },
};
