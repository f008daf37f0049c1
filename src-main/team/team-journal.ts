// The team journal as the Journal page's *Team* view and its export read it: one row per entry of any desk
// (its latest event's state), with the login that sent its first event and the desk it was made on, each
// event's login and received time as the database stamped them, and what happened in words (team-journal-
// story.ts), newest first; the cards of one approval request are found by the request their metadata names
// (approval-sender.ts writes it on every card it sends). Read-only: the operator role could not change it anyway.
import type { PoolClient } from 'pg';
import type { TeamJournalEntry, TeamJournalQuery } from '../../src-shared/ipc/channels/team';
import { entryKindOf, entryStory, type TeamJournalStep } from './team-journal-story';

interface Row {
  entry_id: string;
  journal_id: string;
  desk_id: string;
  desk_name: string;
  operator: string;
  begun_at: Date;
  updated_at: Date;
  body: unknown;
  events: string;
  received_at: Date;
  steps: { kind: string; operator: string; received_at: string; outcome: unknown; reason: unknown; error: unknown }[];
  total: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function requestOf(value: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stepsOf(row: Row): TeamJournalStep[] {
  // The latest 50, newest first from the database: told oldest first.
  return [...(row.steps ?? [])].reverse().map((s) => ({
    kind: s.kind,
    operator: s.operator,
    receivedAt: new Date(s.received_at).toISOString(),
    outcome: text(s.outcome),
    reason: text(s.reason),
    error: text(s.error),
  }));
}

function entryOf(row: Row): TeamJournalEntry {
  const body = (row.body && typeof row.body === 'object' ? row.body : {}) as Record<string, unknown>;
  const kind = entryKindOf(row.journal_id);
  const steps = stepsOf(row);
  return {
    kind,
    receivedAt: row.received_at.toISOString(),
    steps,
    story: entryStory(kind, steps),
    entryId: row.entry_id,
    deskId: row.desk_id,
    deskName: row.desk_name,
    operator: row.operator,
    at: row.begun_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    operation: text(body.operation) ?? 'unknown',
    outcome: text(body.outcome) ?? 'unknown',
    customerId: text(body.customer_id),
    resultId: text(body.result_id),
    clientReference: text(body.client_reference),
    error: text(body.error),
    request: requestOf(body.request_json),
    events: Number(row.events),
  };
}

export interface TeamJournalPage {
  entries: TeamJournalEntry[];
  total: number;
}

/** A page of the team journal and how many entries match. */
export async function listTeamJournal(
  client: PoolClient,
  query: TeamJournalQuery & { page: number; limit: number },
): Promise<TeamJournalPage> {
  const { rows } = await client.query<Row>(
    `WITH entries AS (
       SELECT desk_id, journal_id, entry_id,
              (array_agg(operator ORDER BY desk_seq))[1] AS operator,
              max(received_at) AS received_at,
              (array_agg(jsonb_build_object('kind', kind, 'operator', operator, 'received_at', received_at,
                 'outcome', body->>'outcome', 'reason', body->>'reason', 'error', body->>'error')
                 ORDER BY desk_seq DESC))[1:50] AS steps,
              (array_agg(desk_name ORDER BY desk_seq DESC))[1] AS desk_name,
              min(at) AS begun_at, max(at) AS updated_at,
              (array_agg(body ORDER BY desk_seq DESC))[1] AS body,
              count(*) AS events
         FROM card_desk.journal_events
        GROUP BY desk_id, journal_id, entry_id)
     SELECT entry_id, journal_id, desk_id::text, desk_name, operator, begun_at, updated_at, body, events, received_at,
            steps, count(*) OVER () AS total
       FROM entries
      WHERE ($1::text IS NULL OR body->>'outcome' = $1)
        AND ($2::text IS NULL OR body->>'operation' = $2)
        AND ($3::text IS NULL OR operator = $3)
        AND ($6::text IS NULL OR strpos(body->>'request_json', '"approvalRequest":"' || $6 || '"') > 0)
      ORDER BY begun_at DESC, entry_id
      LIMIT $4 OFFSET $5`,
    [
      query.outcome ?? null,
      query.operation ?? null,
      query.operator ?? null,
      query.limit,
      query.page * query.limit,
      query.approvalRequest ?? null,
    ],
  );
  if (rows.length > 0 || query.page === 0) return { entries: rows.map(entryOf), total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the count alone.
  const count = await client.query<{ total: string }>(
    `SELECT count(DISTINCT (desk_id, journal_id, entry_id)) AS total FROM card_desk.journal_events`,
  );
  return { entries: [], total: Number(count.rows[0]?.total ?? 0) };
}
