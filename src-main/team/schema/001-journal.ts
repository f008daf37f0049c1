// Migration 1: the team journal, append-only events of every desk.
export const JOURNAL = `
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
