// The team database's schema, as numbered migrations `team:setup` runs in order (setup.ts). Each runs once,
// in its own transaction, and is recorded in card_desk.schema_migrations with who ran it. Append new steps;
// never edit a released one. Everything lives in the schema `card_desk`; the three group roles (NOLOGIN)
// are made before the first step, and a DBA gives a person's login one of them (docs/team.md).
//
// Who may do what is decided here, by the database, not by the desk (a desk runs on the user's machine):
// grants per column, row-level security, and triggers that stamp `session_user` (the login that connected,
// which SET ROLE cannot change) wherever a person is recorded. No column that names a person is writable
// by a desk.

/** The roles a DBA grants to logins. An operator works at a desk; a syncer also pages the API for the team. */
export const TEAM_ROLES = ['card_desk_operator', 'card_desk_approver', 'card_desk_syncer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}

/** Before the numbered steps (idempotent, run by every setup): the roles, the schema, the migrations table. */
export const SETUP_PREAMBLE = `
DO $$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY[${TEAM_ROLES.map((r) => `'${r}'`).join(', ')}] LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', r);
    END IF;
  END LOOP;
END $$;
CREATE SCHEMA IF NOT EXISTS card_desk;
REVOKE ALL ON SCHEMA card_desk FROM PUBLIC;
GRANT USAGE ON SCHEMA card_desk TO card_desk_operator, card_desk_approver, card_desk_syncer;
CREATE TABLE IF NOT EXISTS card_desk.schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL DEFAULT session_user
);
GRANT SELECT ON card_desk.schema_migrations TO card_desk_operator, card_desk_approver, card_desk_syncer;
`;

const JOURNAL = `
-- Every journal event of every desk, appended in each desk's order, exactly once: (desk, journal, desk_seq)
-- is unique, so an event sent again after a lost answer is not stored twice. team_seq is the team's order.
CREATE TABLE card_desk.journal_events (
  team_seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  operator text NOT NULL DEFAULT session_user,
  desk_id uuid NOT NULL,
  desk_name text NOT NULL CHECK (length(desk_name) BETWEEN 1 AND 255),
  journal_id text NOT NULL CHECK (length(journal_id) BETWEEN 1 AND 200),
  desk_seq bigint NOT NULL CHECK (desk_seq > 0),
  at timestamptz NOT NULL,
  entry_id text NOT NULL CHECK (length(entry_id) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  body jsonb NOT NULL,
  UNIQUE (desk_id, journal_id, desk_seq)
);
CREATE INDEX journal_events_by_entry ON card_desk.journal_events (desk_id, journal_id, entry_id, desk_seq);
CREATE INDEX journal_events_by_time ON card_desk.journal_events (at DESC);

-- Who and when are the database's: whatever an insert carries, the row names the login and the server's time.
CREATE FUNCTION card_desk.stamp_journal_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.operator := session_user;
  NEW.received_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER journal_events_stamp BEFORE INSERT ON card_desk.journal_events
  FOR EACH ROW EXECUTE FUNCTION card_desk.stamp_journal_event();

-- Append-only for everyone, the table's owner included (the grants already keep desks from it).
CREATE FUNCTION card_desk.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'card_desk.% is append-only: its rows cannot be changed or removed', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER journal_events_append_only BEFORE UPDATE OR DELETE ON card_desk.journal_events
  FOR EACH ROW EXECUTE FUNCTION card_desk.refuse_change();
CREATE TRIGGER journal_events_no_truncate BEFORE TRUNCATE ON card_desk.journal_events
  FOR EACH STATEMENT EXECUTE FUNCTION card_desk.refuse_change();

ALTER TABLE card_desk.journal_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY journal_read ON card_desk.journal_events FOR SELECT
  TO card_desk_operator, card_desk_approver, card_desk_syncer USING (true);
CREATE POLICY journal_append ON card_desk.journal_events FOR INSERT
  TO card_desk_operator WITH CHECK (operator = session_user);
REVOKE ALL ON card_desk.journal_events FROM PUBLIC;
GRANT SELECT ON card_desk.journal_events TO card_desk_operator, card_desk_approver, card_desk_syncer;
GRANT INSERT (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
  ON card_desk.journal_events TO card_desk_operator;
`;

const CUSTOMERS = `
-- The team's copy of the customer list, written by the one syncer that holds the lease (sync_state), read
-- by every desk by change_seq: each insert or change takes the next number, and a notice on the channel
-- card_desk_customers wakes the desks that listen.
CREATE SEQUENCE card_desk.customer_change_seq;
CREATE TABLE card_desk.customers (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  record jsonb NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  change_seq bigint NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL DEFAULT session_user
);
CREATE UNIQUE INDEX customers_by_change ON card_desk.customers (change_seq);

-- The list's paging state, and the lease of the one desk that pages the API for the team.
CREATE TABLE card_desk.sync_state (
  list text PRIMARY KEY CHECK (list IN ('customers')),
  cursor text,
  list_shape jsonb,
  full_sweep_started_at timestamptz,
  last_page_at timestamptz,
  holder text,
  holder_desk_id uuid,
  holder_desk_name text,
  lease_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO card_desk.sync_state (list) VALUES ('customers');

-- True while the login holds an unexpired lease: the only time it may write customers or the cursor.
CREATE FUNCTION card_desk.holds_sync_lease() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
  SELECT EXISTS (SELECT FROM card_desk.sync_state
                 WHERE list = 'customers' AND holder = session_user AND lease_until > now())
$$;

-- Takes (or renews) the lease for p_seconds when it is free, expired, or already this login's at this desk.
CREATE FUNCTION card_desk.take_sync_lease(p_desk_id uuid, p_desk_name text, p_seconds integer)
  RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'card_desk_syncer', 'MEMBER') THEN
    RAISE EXCEPTION 'the login % is not a member of card_desk_syncer', session_user
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_seconds NOT BETWEEN 10 AND 600 THEN
    RAISE EXCEPTION 'a lease lasts 10 to 600 seconds' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  UPDATE card_desk.sync_state
     SET holder = session_user, holder_desk_id = p_desk_id, holder_desk_name = left(p_desk_name, 255),
         lease_until = now() + make_interval(secs => p_seconds), updated_at = now()
   WHERE list = 'customers'
     AND (holder IS NULL OR lease_until <= now() OR (holder = session_user AND holder_desk_id = p_desk_id));
  RETURN FOUND;
END $$;

CREATE FUNCTION card_desk.release_sync_lease(p_desk_id uuid) RETURNS boolean LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  UPDATE card_desk.sync_state SET holder = NULL, holder_desk_id = NULL, holder_desk_name = NULL,
         lease_until = NULL, updated_at = now()
   WHERE list = 'customers' AND holder = session_user AND holder_desk_id = p_desk_id;
  RETURN FOUND;
END $$;

CREATE FUNCTION card_desk.stamp_customer() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.change_seq := nextval('card_desk.customer_change_seq');
  NEW.changed_at := now();
  NEW.changed_by := session_user;
  RETURN NEW;
END $$;
CREATE TRIGGER customers_stamp BEFORE INSERT OR UPDATE ON card_desk.customers
  FOR EACH ROW EXECUTE FUNCTION card_desk.stamp_customer();

CREATE FUNCTION card_desk.notify_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('card_desk_customers', '');
  RETURN NULL;
END $$;
CREATE TRIGGER customers_notify AFTER INSERT OR UPDATE ON card_desk.customers
  FOR EACH STATEMENT EXECUTE FUNCTION card_desk.notify_customers();

ALTER TABLE card_desk.customers ENABLE ROW LEVEL SECURITY;
CREATE POLICY customers_read ON card_desk.customers FOR SELECT
  TO card_desk_operator, card_desk_approver, card_desk_syncer USING (true);
CREATE POLICY customers_add ON card_desk.customers FOR INSERT
  TO card_desk_syncer WITH CHECK (card_desk.holds_sync_lease());
CREATE POLICY customers_change ON card_desk.customers FOR UPDATE
  TO card_desk_syncer USING (card_desk.holds_sync_lease()) WITH CHECK (card_desk.holds_sync_lease());
REVOKE ALL ON card_desk.customers FROM PUBLIC;
GRANT SELECT ON card_desk.customers TO card_desk_operator, card_desk_approver, card_desk_syncer;
GRANT INSERT (id, record, deleted), UPDATE (record, deleted) ON card_desk.customers TO card_desk_syncer;

ALTER TABLE card_desk.sync_state ENABLE ROW LEVEL SECURITY;
CREATE POLICY sync_state_read ON card_desk.sync_state FOR SELECT
  TO card_desk_operator, card_desk_approver, card_desk_syncer USING (true);
CREATE POLICY sync_state_cursor ON card_desk.sync_state FOR UPDATE
  TO card_desk_syncer USING (holder = session_user AND lease_until > now());
REVOKE ALL ON card_desk.sync_state FROM PUBLIC;
GRANT SELECT ON card_desk.sync_state TO card_desk_operator, card_desk_approver, card_desk_syncer;
GRANT UPDATE (cursor, list_shape, full_sweep_started_at, last_page_at, updated_at)
  ON card_desk.sync_state TO card_desk_syncer;
REVOKE ALL ON FUNCTION card_desk.holds_sync_lease(), card_desk.take_sync_lease(uuid, text, integer),
  card_desk.release_sync_lease(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION card_desk.holds_sync_lease() TO card_desk_syncer;
GRANT EXECUTE ON FUNCTION card_desk.take_sync_lease(uuid, text, integer), card_desk.release_sync_lease(uuid)
  TO card_desk_syncer;
`;

const CLAIMS = `
-- A write's fingerprint claimed by one desk before it is sent: while a claim of it is open (in flight, or its
-- outcome unknown) no other claim of that fingerprint can be made, so a second desk preparing the same write
-- finds who claimed it, where and since when, and does not send it. The claimer settles its claim; an
-- unknown outcome may be reconciled (or released for a resend) from any desk. A settled claim stays as a
-- record and no longer blocks: the same write made again later is a new claim.
CREATE TABLE card_desk.write_claims (
  claim_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fingerprint text NOT NULL CHECK (length(fingerprint) BETWEEN 1 AND 200),
  operation text NOT NULL CHECK (length(operation) BETWEEN 1 AND 40),
  entry_id text NOT NULL CHECK (length(entry_id) BETWEEN 1 AND 100),
  desk_id uuid NOT NULL,
  desk_name text NOT NULL CHECK (length(desk_name) BETWEEN 1 AND 255),
  operator text NOT NULL DEFAULT session_user,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'in_flight' CHECK (state IN
    ('in_flight', 'succeeded', 'failed', 'outcome_unknown', 'reconciled', 'resend_allowed')),
  result_id text,
  settled_at timestamptz,
  settled_by text
);
CREATE UNIQUE INDEX write_claims_open ON card_desk.write_claims (fingerprint)
  WHERE state IN ('in_flight', 'outcome_unknown');
CREATE INDEX write_claims_by_fingerprint ON card_desk.write_claims (fingerprint, claimed_at DESC);

-- Who and when are the database's; a claim moves only forward: in flight to its outcome, an unknown outcome
-- to reconciled or released for a resend.
CREATE FUNCTION card_desk.stamp_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.operator := session_user;
    NEW.claimed_at := now();
    NEW.state := 'in_flight';
    RETURN NEW;
  END IF;
  IF NOT ((OLD.state = 'in_flight' AND NEW.state IN ('succeeded', 'failed', 'outcome_unknown'))
       OR (OLD.state = 'outcome_unknown' AND NEW.state IN ('reconciled', 'resend_allowed'))) THEN
    RAISE EXCEPTION 'a claim that is % cannot become %', OLD.state, NEW.state
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.settled_by := session_user;
  NEW.settled_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER write_claims_stamp BEFORE INSERT OR UPDATE ON card_desk.write_claims
  FOR EACH ROW EXECUTE FUNCTION card_desk.stamp_claim();
CREATE TRIGGER write_claims_kept BEFORE DELETE ON card_desk.write_claims
  FOR EACH ROW EXECUTE FUNCTION card_desk.refuse_change();
CREATE TRIGGER write_claims_no_truncate BEFORE TRUNCATE ON card_desk.write_claims
  FOR EACH STATEMENT EXECUTE FUNCTION card_desk.refuse_change();

ALTER TABLE card_desk.write_claims ENABLE ROW LEVEL SECURITY;
CREATE POLICY claims_read ON card_desk.write_claims FOR SELECT
  TO card_desk_operator, card_desk_approver, card_desk_syncer USING (true);
CREATE POLICY claims_take ON card_desk.write_claims FOR INSERT
  TO card_desk_operator WITH CHECK (operator = session_user);
CREATE POLICY claims_settle ON card_desk.write_claims FOR UPDATE
  TO card_desk_operator
  USING ((operator = session_user AND state = 'in_flight') OR state = 'outcome_unknown')
  WITH CHECK (state <> 'in_flight');
REVOKE ALL ON card_desk.write_claims FROM PUBLIC;
GRANT SELECT ON card_desk.write_claims TO card_desk_operator, card_desk_approver, card_desk_syncer;
GRANT INSERT (fingerprint, operation, entry_id, desk_id, desk_name), UPDATE (state, result_id)
  ON card_desk.write_claims TO card_desk_operator;
`;

export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  { version: 1, name: 'team journal: append-only events of every desk', sql: JOURNAL },
  { version: 2, name: 'customers, their sync state and the sync lease', sql: CUSTOMERS },
  { version: 3, name: 'write claims', sql: CLAIMS },
];

/** The schema this Card Desk needs: a database set up by an older team:setup is asked to be upgraded. */
export const TEAM_SCHEMA_VERSION = TEAM_MIGRATIONS.length;
