// Cards issued on any desk, learned from the team journal: the service has no "get card" operation, so a
// card is known only where it was journaled, and the team journal is where every desk can read it. Every
// few seconds while the desk is connected, the settled card writes to the environment's service (by its
// address, as every desk of the team shares it) after the last one read
// (by the team's order, team_seq) become cards of this desk's index (core injects `observe`: the known
// cards of the active environment): id, customer, brand, type, currency, status, spending controls, 2FA and
// metadata as they were sent. The masked number is not journaled: an approved card's comes from its
// request's outcome, which the approver's desk words "Card 506099******1006 issued" (approvals/).
import type { PoolClient } from 'pg';
import { cardSchema, type Card } from '../../src-shared/api/records';
import type { Result } from '../../src-shared/ipc/result';
import type { TeamStatus } from '../../src-shared/ipc/channels/team';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';

export interface TeamCardsOptions {
  team: {
    status(): TeamStatus;
    use<T>(work: (client: PoolClient) => Promise<T>): Promise<Result<T>>;
  };
  /** The environment the desk works in now: its id and the address (origin) of its service. */
  environment: () => Promise<{ id: string; origin: string }>;
  /** Adds cards to the active environment's index; how many were new. */
  observe: (cards: Card[]) => Promise<number>;
  logger: Logger;
  /** How often the team journal is read (default 2 s). */
  everyMs?: number;
  /** Rows per read (default 500). */
  batch?: number;
}

interface EventRow {
  team_seq: string;
  journal_id: string;
  at: Date;
  body: Record<string, unknown>;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function requestOf(value: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const ISSUED = /^Card (\S+) issued$/;

/** A settled card write of the team journal as the card it created; null when it names none. */
export function cardOfEvent(body: Record<string, unknown>, at: Date, journalId = ''): Card | null {
  const id = text(body.result_id);
  if (!id) return null;
  if (journalId === 'approvals') {
    // An approval request sent: its outcome names the masked number.
    const maskedPan = ISSUED.exec(text(body.error) ?? '')?.[1];
    return maskedPan ? { _id: id, maskedPan } : null;
  }
  const request = requestOf(body.request_json);
  const card = cardSchema.safeParse({
    _id: id,
    customer: text(body.customer_id) ?? text(request.customerId),
    type: text(request.type),
    brand: text(request.brand),
    currency: text(request.currency),
    status: text(request.status) ?? 'active',
    spendingControls: request.spendingControls ?? undefined,
    is2FAEnabled: typeof request.enable2FA === 'boolean' ? request.enable2FA : undefined,
    metadata: request.metadata && typeof request.metadata === 'object' ? request.metadata : undefined,
    createdAt: at.toISOString(),
  });
  return card.success ? card.data : null;
}

/**
 * The settled card writes of every desk to the environment's service after `afterSeq`, in the team's order:
 * by its address (each desk names its environments as it likes), or by its id where an entry has no address.
 */
async function cardEventsAfter(
  client: PoolClient,
  environment: { id: string; origin: string },
  afterSeq: string,
  limit: number,
): Promise<EventRow[]> {
  const { rows } = await client.query<EventRow>(
    `SELECT team_seq::text, journal_id, at, body FROM card_desk.journal_events
      WHERE team_seq > $1::bigint AND body->>'operation' = 'cards.create'
        AND (coalesce(body->>'origin', body->>'environment_address', '') = $2
             OR (coalesce(body->>'origin', body->>'environment_address') IS NULL AND body->>'environment_id' = $4))
        AND body->>'result_id' IS NOT NULL
        AND CASE WHEN journal_id = 'approvals' THEN body->>'outcome' = 'sent'
                 ELSE body->>'outcome' IN ('succeeded', 'reconciled') END
      ORDER BY team_seq LIMIT $3`,
    [afterSeq, environment.origin, limit, environment.id],
  );
  return rows;
}

export class TeamCards {
  /** Where the reading is up to, per environment (from the start on each run of the app). */
  private readonly cursor = new Map<string, string>();
  private running: Promise<number> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: TeamCardsOptions) {
    this.timer = setInterval(() => void this.learn(), options.everyMs ?? 2_000);
    this.timer.unref?.();
  }

  /** Reads what the team journal added since the last read; how many cards were new here. One run at a time. */
  learn(): Promise<number> {
    if (this.options.team.status().state !== 'connected') return Promise.resolve(0);
    this.running ??= this.run()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: errorMessage(error) }, 'team cards: the team journal could not be read');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(): Promise<number> {
    const environment = await this.options.environment();
    const key = `${environment.id} ${environment.origin}`;
    const limit = this.options.batch ?? 500;
    let learned = 0;
    for (;;) {
      const after = this.cursor.get(key) ?? '0';
      const rows = await this.options.team.use((client) => cardEventsAfter(client, environment, after, limit));
      if (!rows.ok || rows.data.length === 0) return learned;
      const cards = rows.data.flatMap((r) => cardOfEvent(r.body, r.at, r.journal_id) ?? []);
      if (cards.length > 0) learned += await this.options.observe(cards);
      this.cursor.set(key, rows.data.at(-1)!.team_seq);
      if (rows.data.length < limit) return learned;
    }
  }

  async dispose(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
