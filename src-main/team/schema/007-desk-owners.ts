// Migration 7: a desk belongs to its logins; the journals the functions write are theirs alone; the syncer's
// reach is bounded; nothing is executable by PUBLIC (docs/security.md, "Against the people inside").
export const DESK_OWNERS = `
-- Which login may write for which desk: the first login to write for a desk id is its owner; only an
-- administrator (card_desk_admin) adds or removes a login, with a reason the team journal keeps.
CREATE TABLE card_desk.desk_logins (
  desk_id uuid NOT NULL,
  login text NOT NULL CHECK (length(login) BETWEEN 1 AND 100),
  registered_at timestamptz NOT NULL DEFAULT now(),
  registered_by text NOT NULL DEFAULT session_user,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  PRIMARY KEY (desk_id, login)
);
ALTER TABLE card_desk.desk_logins ENABLE ROW LEVEL SECURITY;
CREATE POLICY desk_logins_read ON card_desk.desk_logins FOR SELECT
  TO card_desk_operator, card_desk_approver, card_desk_syncer, card_desk_admin USING (true);
REVOKE ALL ON card_desk.desk_logins FROM PUBLIC;
GRANT SELECT ON card_desk.desk_logins TO card_desk_operator, card_desk_approver, card_desk_syncer, card_desk_admin;

-- The desks already known: each belongs to the login of its first row (journal, claims, requests).
INSERT INTO card_desk.desk_logins (desk_id, login, reason)
SELECT DISTINCT ON (desk_id) desk_id, who, 'the first login of the desk before schema 7'
  FROM (SELECT desk_id, operator AS who, received_at AS at, 1 AS source FROM card_desk.journal_events
         WHERE journal_id NOT IN ('approvals', 'approval-rules')
        UNION ALL SELECT desk_id, operator, claimed_at, 2 FROM card_desk.write_claims
        UNION ALL SELECT desk_id, maker, requested_at, 3 FROM card_desk.approval_requests) AS firsts
 ORDER BY desk_id, at, source;

-- The journals only the definer functions write: a login's insert naming one is refused.
CREATE FUNCTION card_desk.is_function_journal(p_journal_id text) RETURNS boolean LANGUAGE sql IMMUTABLE
  SET search_path = pg_catalog, pg_temp AS $$ SELECT p_journal_id IN ('approvals', 'approval-rules', 'team-admin') $$;

-- Events the team administration writes (desks' logins, claims released), numbered by the database.
CREATE SEQUENCE card_desk.team_admin_event_seq;
CREATE FUNCTION card_desk.admin_event(p_desk_id uuid, p_desk_name text, p_entry text, p_kind text, p_body jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
BEGIN
  INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
  VALUES (p_desk_id, left(coalesce(nullif(p_desk_name, ''), 'team administration'), 255), 'team-admin',
          nextval('card_desk.team_admin_event_seq'), now(), left(p_entry, 100), p_kind,
          p_body || jsonb_build_object('by', session_user));
END $$;

-- Passes when session_user may write for the desk; registers the desk to it when no login has it yet.
CREATE FUNCTION card_desk.desk_login_check(p_desk_id uuid) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = card_desk, pg_temp AS $$
DECLARE owners text;
BEGIN
  IF p_desk_id IS NULL THEN RETURN; END IF;
  IF EXISTS (SELECT FROM card_desk.desk_logins WHERE desk_id = p_desk_id AND login = session_user) THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('card_desk.desk ' || p_desk_id::text, 0));
  SELECT string_agg(login, ', ' ORDER BY login) INTO owners FROM card_desk.desk_logins WHERE desk_id = p_desk_id;
  IF owners IS NULL THEN
    INSERT INTO card_desk.desk_logins (desk_id, login, reason) VALUES (p_desk_id, session_user, 'first use of the desk');
    RETURN;
  END IF;
  IF EXISTS (SELECT FROM card_desk.desk_logins WHERE desk_id = p_desk_id AND login = session_user) THEN RETURN; END IF;
  RAISE EXCEPTION 'The desk % belongs to %: % may not write for it. An administrator can add the login (card_desk.allow_desk_login)',
    p_desk_id, owners, session_user USING ERRCODE = 'insufficient_privilege';
END $$;

-- Every event a login inserts: only under a desk of its own, never in a journal the functions own.
CREATE FUNCTION card_desk.check_journal_event() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF card_desk.is_function_journal(NEW.journal_id) THEN
    IF current_user <> (SELECT relowner::regrole::text FROM pg_class WHERE oid = 'card_desk.journal_events'::regclass) THEN
      RAISE EXCEPTION 'The % journal is written by the team database alone: % may not add to it', NEW.journal_id, session_user
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
  END IF;
  PERFORM card_desk.desk_login_check(NEW.desk_id);
  RETURN NEW;
END $$;
CREATE TRIGGER journal_events_desk BEFORE INSERT ON card_desk.journal_events
  FOR EACH ROW EXECUTE FUNCTION card_desk.check_journal_event();

-- A claim, a request and a send under a desk of the login's own.
CREATE FUNCTION card_desk.check_row_desk() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_TABLE_NAME = 'approval_requests' THEN
    IF TG_OP = 'INSERT' THEN PERFORM card_desk.desk_login_check(NEW.desk_id);
    ELSIF NEW.sending_desk_id IS DISTINCT FROM OLD.sending_desk_id THEN PERFORM card_desk.desk_login_check(NEW.sending_desk_id);
    END IF;
  ELSE
    PERFORM card_desk.desk_login_check(NEW.desk_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER write_claims_desk BEFORE INSERT ON card_desk.write_claims
  FOR EACH ROW EXECUTE FUNCTION card_desk.check_row_desk();
CREATE TRIGGER approval_requests_desk BEFORE INSERT OR UPDATE ON card_desk.approval_requests
  FOR EACH ROW EXECUTE FUNCTION card_desk.check_row_desk();

-- An administrator adds a login to a desk, or removes one, saying why; the team journal keeps it.
CREATE FUNCTION card_desk.change_desk_login(p_desk_id uuid, p_login text, p_reason text, p_allow boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
BEGIN
  IF NOT pg_has_role(session_user, 'card_desk_admin', 'MEMBER') THEN
    RAISE EXCEPTION '% is not an administrator of the team database (card_desk_admin)', session_user
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_desk_id IS NULL OR coalesce(length(p_login), 0) NOT BETWEEN 1 AND 100 THEN
    RAISE EXCEPTION 'desk_id and login are required' USING ERRCODE = 'check_violation';
  END IF;
  IF coalesce(length(trim(p_reason)), 0) NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'reason is required (at most 1000 characters)' USING ERRCODE = 'check_violation';
  END IF;
  IF p_allow THEN
    INSERT INTO card_desk.desk_logins (desk_id, login, reason) VALUES (p_desk_id, p_login, p_reason)
    ON CONFLICT (desk_id, login) DO UPDATE SET reason = EXCLUDED.reason, registered_by = session_user, registered_at = now();
  ELSE
    DELETE FROM card_desk.desk_logins WHERE desk_id = p_desk_id AND login = p_login;
  END IF;
  PERFORM card_desk.admin_event(p_desk_id, NULL, 'desk ' || p_desk_id::text,
    CASE WHEN p_allow THEN 'desk_login_allowed' ELSE 'desk_login_removed' END,
    jsonb_build_object('operation', 'team.desk', 'outcome', CASE WHEN p_allow THEN 'allowed' ELSE 'removed' END,
      'login', p_login, 'reason', p_reason));
END $$;
CREATE FUNCTION card_desk.allow_desk_login(p_desk_id uuid, p_login text, p_reason text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = card_desk, pg_temp
AS $$ SELECT card_desk.change_desk_login(p_desk_id, p_login, p_reason, true) $$;
CREATE FUNCTION card_desk.remove_desk_login(p_desk_id uuid, p_login text, p_reason text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = card_desk, pg_temp
AS $$ SELECT card_desk.change_desk_login(p_desk_id, p_login, p_reason, false) $$;

-- An approver releases the open claim of a desk that is gone (it can be sent again), saying why.
CREATE FUNCTION card_desk.release_claim(p_claim_id bigint, p_reason text, p_desk_id uuid, p_desk_name text)
RETURNS card_desk.write_claims LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE c card_desk.write_claims;
BEGIN
  IF NOT pg_has_role(session_user, 'card_desk_approver', 'MEMBER') THEN
    RAISE EXCEPTION '% is not an approver (card_desk_approver)', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF coalesce(length(trim(p_reason)), 0) NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'reason is required to release a claim (at most 1000 characters)' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM card_desk.desk_login_check(p_desk_id);
  SELECT * INTO c FROM card_desk.write_claims WHERE claim_id = p_claim_id FOR UPDATE;
  IF NOT FOUND OR c.state NOT IN ('in_flight', 'outcome_unknown') THEN
    RAISE EXCEPTION 'Claim % is not open%', p_claim_id, CASE WHEN c.state IS NULL THEN '' ELSE ' (it is ' || c.state || ')' END
      USING ERRCODE = 'check_violation';
  END IF;
  IF c.state = 'in_flight' THEN
    UPDATE card_desk.write_claims SET state = 'outcome_unknown' WHERE claim_id = p_claim_id;
  END IF;
  UPDATE card_desk.write_claims SET state = 'resend_allowed' WHERE claim_id = p_claim_id RETURNING * INTO c;
  PERFORM card_desk.admin_event(p_desk_id, p_desk_name, 'claim ' || p_claim_id::text, 'claim_released',
    jsonb_build_object('operation', c.operation, 'outcome', 'released', 'fingerprint', c.fingerprint,
      'entry_id', c.entry_id, 'held_by', c.operator, 'held_on', c.desk_name, 'reason', p_reason));
  RETURN c;
END $$;

-- The function journals' numbers start past anything already in them, so nothing written before can block them.
SELECT setval('card_desk.approval_event_seq', greatest((SELECT max(desk_seq) FROM card_desk.journal_events
  WHERE journal_id = 'approvals'), (SELECT last_value FROM card_desk.approval_event_seq), 1));
SELECT setval('card_desk.approval_rules_event_seq', greatest((SELECT max(desk_seq) FROM card_desk.journal_events
  WHERE journal_id = 'approval-rules'), (SELECT last_value FROM card_desk.approval_rules_event_seq), 1));
SELECT setval('card_desk.team_admin_event_seq', greatest((SELECT max(desk_seq) FROM card_desk.journal_events
  WHERE journal_id = 'team-admin'), 1), (SELECT count(*) > 0 FROM card_desk.journal_events WHERE journal_id = 'team-admin'));

-- Expiring what is past its time never stops the step that asked for it: a failure is a warning.
CREATE OR REPLACE FUNCTION card_desk.expire_requests() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests; n integer := 0;
BEGIN
  BEGIN
    FOR r IN UPDATE card_desk.approval_requests SET state = 'expired', decided_at = expires_at
              WHERE state = 'waiting' AND expires_at <= now() RETURNING * LOOP
      PERFORM card_desk.approval_event(r, 'approval_expired', r.desk_name);
      n := n + 1;
    END LOOP;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'expired approval requests could not be marked now: %', SQLERRM;
    RETURN 0;
  END;
  RETURN n;
END $$;

-- The maker's words are bounded: the review a desk stores is small; the body stays the request itself.
ALTER TABLE card_desk.approval_requests
  ADD CONSTRAINT approval_summary_bounded CHECK (length(summary::text) <= 20000) NOT VALID,
  ADD CONSTRAINT approval_reasons_bounded
    CHECK (cardinality(reasons) <= 50 AND length(array_to_string(reasons, '')) <= 10000) NOT VALID;

-- The syncer's reach: a customer is stored only under its own id, and one statement marks deleted no
-- more than the desks' guard allows (a tenth of the copy, or 10).
CREATE FUNCTION card_desk.check_customer_id() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NEW.record->>'_id' IS DISTINCT FROM NEW.id THEN
    RAISE EXCEPTION 'The customer % was refused: its record''s _id is %, and a record is stored only under its own id',
      NEW.id, coalesce(NEW.record->>'_id', 'missing') USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER customers_own_id BEFORE INSERT OR UPDATE ON card_desk.customers
  FOR EACH ROW EXECUTE FUNCTION card_desk.check_customer_id();

CREATE FUNCTION card_desk.bound_customer_removals() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = card_desk, pg_temp AS $$
DECLARE removed bigint; present bigint; most bigint;
BEGIN
  SELECT count(*) INTO removed FROM new_rows n JOIN old_rows o USING (id) WHERE n.deleted AND NOT o.deleted;
  IF removed = 0 THEN RETURN NULL; END IF;
  SELECT count(*) + removed INTO present FROM card_desk.customers WHERE NOT deleted;
  most := greatest(10, floor(present * 0.1));
  IF removed > most THEN
    RAISE EXCEPTION 'The team database refused to mark % of its % customers deleted at once: at most % may be (a tenth, or 10)',
      removed, present, most USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customers_removals_bounded AFTER UPDATE ON card_desk.customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION card_desk.bound_customer_removals();

-- Least privilege: no function of the schema is executable by PUBLIC, now or later; each role is given
-- what it calls.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA card_desk FROM PUBLIC;
ALTER DEFAULT PRIVILEGES IN SCHEMA card_desk REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
GRANT EXECUTE ON FUNCTION card_desk.desk_login_check(uuid), card_desk.is_function_journal(text)
  TO card_desk_operator, card_desk_approver, card_desk_syncer, card_desk_admin;
GRANT EXECUTE ON FUNCTION card_desk.allow_desk_login(uuid, text, text), card_desk.remove_desk_login(uuid, text, text)
  TO card_desk_admin, card_desk_operator, card_desk_approver;
GRANT EXECUTE ON FUNCTION card_desk.release_claim(bigint, text, uuid, text) TO card_desk_approver, card_desk_operator;
`;
