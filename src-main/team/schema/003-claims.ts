// Migration 3: write claims, one open claim per write fingerprint across the team.
export const CLAIMS = `
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
