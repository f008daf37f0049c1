// Migration 4: approval requests, four eyes on the writes the policy names (docs/team.md, "Approvals").
export const APPROVALS = `
-- A write that needs a second person: the exact body the maker's desk prepared (text, as it will be sent),
-- its SHA-256, where it goes, who asked (session_user), from which desk, and what became of it. Desks can
-- read every request but change none directly: each step is a function below that checks the login
-- (session_user, which SET ROLE cannot change), so the maker can never be the checker, only an approver
-- approves, a body edited after it was requested is never approved, and an expired request stays expired.
CREATE TABLE card_desk.approval_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operation text NOT NULL CHECK (operation IN ('cards.create', 'accounts.create', 'bulkIssue')),
  body text NOT NULL CHECK (length(body) BETWEEN 2 AND 4000000),
  body_sha256 text NOT NULL CHECK (body_sha256 ~ '^[0-9a-f]{64}$'),
  fingerprint text NOT NULL CHECK (length(fingerprint) BETWEEN 1 AND 200),
  summary jsonb NOT NULL,
  reasons text[] NOT NULL,
  environment_id text NOT NULL CHECK (length(environment_id) BETWEEN 1 AND 100),
  environment_address text NOT NULL CHECK (length(environment_address) BETWEEN 1 AND 500),
  desk_id uuid NOT NULL,
  desk_name text NOT NULL CHECK (length(desk_name) BETWEEN 1 AND 255),
  note text CHECK (length(note) <= 1000),
  maker text NOT NULL DEFAULT session_user,
  requested_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN
    ('waiting', 'approved', 'rejected', 'withdrawn', 'expired', 'sending', 'sent', 'failed', 'outcome_unknown')),
  checker text,
  decided_at timestamptz,
  decision_note text CHECK (length(decision_note) <= 1000),
  sending_desk_id uuid,
  sending_desk_name text,
  sending_at timestamptz,
  settled_at timestamptz,
  result_id text,
  outcome_message text,
  journal_entry_id text
);
-- One open request per write: a second desk asking for the same write finds who asked, and when.
CREATE UNIQUE INDEX approval_requests_open ON card_desk.approval_requests (fingerprint)
  WHERE state IN ('waiting', 'approved', 'sending');
CREATE INDEX approval_requests_by_state ON card_desk.approval_requests (state, requested_at DESC);

CREATE TRIGGER approval_requests_kept BEFORE DELETE ON card_desk.approval_requests
  FOR EACH ROW EXECUTE FUNCTION card_desk.refuse_change();
CREATE TRIGGER approval_requests_no_truncate BEFORE TRUNCATE ON card_desk.approval_requests
  FOR EACH STATEMENT EXECUTE FUNCTION card_desk.refuse_change();

ALTER TABLE card_desk.approval_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY approvals_read ON card_desk.approval_requests FOR SELECT
  TO card_desk_operator, card_desk_approver USING (true);
REVOKE ALL ON card_desk.approval_requests FROM PUBLIC;
GRANT SELECT ON card_desk.approval_requests TO card_desk_operator, card_desk_approver;

-- Each step is a team journal event too, written by the database with who (session_user) and when: all the
-- events of one request are one entry of the team journal ('approvals' journal of the asking desk).
CREATE SEQUENCE card_desk.approval_event_seq;
CREATE FUNCTION card_desk.approval_event(r card_desk.approval_requests, kind text, actor_desk_name text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
BEGIN
  INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
  VALUES (r.desk_id, actor_desk_name, 'approvals', nextval('card_desk.approval_event_seq'), now(),
          'approval-' || r.id, kind,
          jsonb_build_object('operation', r.operation, 'outcome', r.state, 'approval_id', r.id,
            'maker', r.maker, 'checker', r.checker, 'note', r.note, 'reason', r.decision_note,
            'result_id', r.result_id, 'error', r.outcome_message, 'request_json', r.summary::text,
            'environment_id', r.environment_id, 'environment_address', r.environment_address));
  PERFORM pg_notify('card_desk_approvals', json_build_object('id', r.id, 'state', r.state)::text);
END $$;

-- Waiting requests past their time become expired (run before every step and by any desk's list).
CREATE FUNCTION card_desk.expire_requests() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests; n integer := 0;
BEGIN
  FOR r IN UPDATE card_desk.approval_requests SET state = 'expired', decided_at = expires_at
            WHERE state = 'waiting' AND expires_at <= now() RETURNING * LOOP
    PERFORM card_desk.approval_event(r, 'approval_expired', r.desk_name);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;

CREATE FUNCTION card_desk.approval_refused(message text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', message USING ERRCODE = 'insufficient_privilege';
END $$;

-- The maker's desk asks: the database checks the hash itself and stamps the maker and the time.
CREATE FUNCTION card_desk.request_approval(
  p_operation text, p_body text, p_body_sha256 text, p_fingerprint text, p_summary jsonb, p_reasons text[],
  p_environment_id text, p_environment_address text, p_desk_id uuid, p_desk_name text, p_note text,
  p_hours integer)
RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests; open_one card_desk.approval_requests;
BEGIN
  IF NOT pg_has_role(session_user, 'card_desk_operator', 'MEMBER') THEN
    PERFORM card_desk.approval_refused(format('%s is not a Card Desk operator', session_user));
  END IF;
  IF p_hours IS NULL OR p_hours NOT BETWEEN 1 AND 720 THEN
    RAISE EXCEPTION 'approvalHours must be between 1 and 720' USING ERRCODE = 'check_violation';
  END IF;
  IF encode(sha256(convert_to(p_body, 'UTF8')), 'hex') IS DISTINCT FROM p_body_sha256 THEN
    RAISE EXCEPTION 'body_sha256 does not match the body' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM card_desk.expire_requests();
  SELECT * INTO open_one FROM card_desk.approval_requests
   WHERE fingerprint = p_fingerprint AND state IN ('waiting', 'approved', 'sending');
  IF FOUND THEN
    RAISE EXCEPTION 'The same write is already % (request %, asked by % on % at %)',
      CASE open_one.state WHEN 'waiting' THEN 'waiting for approval' WHEN 'approved' THEN 'approved'
        ELSE 'being sent' END,
      open_one.id, open_one.maker, open_one.desk_name, to_char(open_one.requested_at, 'YYYY-MM-DD HH24:MI TZ')
      USING ERRCODE = 'unique_violation';
  END IF;
  INSERT INTO card_desk.approval_requests (operation, body, body_sha256, fingerprint, summary, reasons,
      environment_id, environment_address, desk_id, desk_name, note, maker, requested_at, expires_at)
  VALUES (p_operation, p_body, p_body_sha256, p_fingerprint, p_summary, p_reasons, p_environment_id,
      p_environment_address, p_desk_id, p_desk_name, nullif(p_note, ''), session_user, now(),
      now() + make_interval(hours => p_hours))
  RETURNING * INTO r;
  PERFORM card_desk.approval_event(r, 'approval_requested', p_desk_name);
  RETURN r;
END $$;

-- A waiting request, locked for a decision; refuses what is not waiting (an expired one says so).
CREATE FUNCTION card_desk.waiting_request(p_id bigint) RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests;
BEGIN
  SELECT * INTO r FROM card_desk.approval_requests WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'There is no approval request %', p_id USING ERRCODE = 'no_data_found';
  END IF;
  IF r.state = 'waiting' AND r.expires_at <= now() THEN
    PERFORM card_desk.approval_refused(format('Request %s expired at %s: ask for it again', p_id,
      to_char(r.expires_at, 'YYYY-MM-DD HH24:MI TZ')));
  END IF;
  IF r.state <> 'waiting' THEN
    PERFORM card_desk.approval_refused(format('Request %s is %s%s, no longer waiting', p_id, r.state,
      CASE WHEN r.checker IS NULL THEN '' ELSE ' by ' || r.checker END));
  END IF;
  RETURN r;
END $$;

-- An approver who is not the maker decides, on a body that is still the one asked for.
CREATE FUNCTION card_desk.decide_request(p_id bigint, p_state text, p_note text, p_desk_name text)
RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests;
BEGIN
  IF NOT pg_has_role(session_user, 'card_desk_approver', 'MEMBER') THEN
    PERFORM card_desk.approval_refused(format('%s is not an approver (card_desk_approver)', session_user));
  END IF;
  r := card_desk.waiting_request(p_id);
  IF r.maker = session_user THEN
    PERFORM card_desk.approval_refused(format('%s asked for request %s and cannot also decide it: another approver must', session_user, p_id));
  END IF;
  IF p_state = 'approved' AND encode(sha256(convert_to(r.body, 'UTF8')), 'hex') <> r.body_sha256 THEN
    PERFORM card_desk.approval_refused(format('Request %s was changed after it was asked for (its body no longer matches its SHA-256): it cannot be approved', p_id));
  END IF;
  UPDATE card_desk.approval_requests
     SET state = p_state, checker = session_user, decided_at = now(), decision_note = nullif(p_note, '')
   WHERE id = p_id RETURNING * INTO r;
  PERFORM card_desk.approval_event(r, 'approval_' || p_state, p_desk_name);
  RETURN r;
END $$;

CREATE FUNCTION card_desk.approve_request(p_id bigint, p_note text, p_desk_name text)
RETURNS card_desk.approval_requests LANGUAGE sql SECURITY DEFINER SET search_path = card_desk, pg_temp
AS $$ SELECT card_desk.decide_request(p_id, 'approved', p_note, p_desk_name) $$;

CREATE FUNCTION card_desk.reject_request(p_id bigint, p_reason text, p_desk_name text)
RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
BEGIN
  IF coalesce(length(trim(p_reason)), 0) = 0 THEN
    RAISE EXCEPTION 'reason is required to reject a request' USING ERRCODE = 'check_violation';
  END IF;
  RETURN card_desk.decide_request(p_id, 'rejected', p_reason, p_desk_name);
END $$;

-- Only the maker withdraws, while it waits.
CREATE FUNCTION card_desk.withdraw_request(p_id bigint, p_desk_name text) RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests;
BEGIN
  r := card_desk.waiting_request(p_id);
  IF r.maker <> session_user THEN
    PERFORM card_desk.approval_refused(format('Only %s, who asked for request %s, can withdraw it', r.maker, p_id));
  END IF;
  UPDATE card_desk.approval_requests SET state = 'withdrawn', decided_at = now()
   WHERE id = p_id RETURNING * INTO r;
  PERFORM card_desk.approval_event(r, 'approval_withdrawn', p_desk_name);
  RETURN r;
END $$;

-- The checker's desk takes an approved request to send it: one desk, once (approved -> sending), and only
-- while its body still matches what was approved.
CREATE FUNCTION card_desk.claim_for_sending(p_id bigint, p_desk_id uuid, p_desk_name text)
RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests;
BEGIN
  SELECT * INTO r FROM card_desk.approval_requests WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR r.state <> 'approved' THEN
    PERFORM card_desk.approval_refused(format('Request %s is not approved and waiting to be sent%s', p_id,
      CASE WHEN r.state IS NULL THEN '' ELSE ' (it is ' || r.state || ')' END));
  END IF;
  IF r.checker <> session_user THEN
    PERFORM card_desk.approval_refused(format('Request %s is sent by %s, who approved it', p_id, r.checker));
  END IF;
  IF encode(sha256(convert_to(r.body, 'UTF8')), 'hex') <> r.body_sha256 THEN
    PERFORM card_desk.approval_refused(format('Request %s was changed after it was approved: it is not sent', p_id));
  END IF;
  UPDATE card_desk.approval_requests
     SET state = 'sending', sending_desk_id = p_desk_id, sending_desk_name = p_desk_name, sending_at = now()
   WHERE id = p_id RETURNING * INTO r;
  PERFORM card_desk.approval_event(r, 'approval_sending', p_desk_name);
  RETURN r;
END $$;

-- The sender records what the service answered; an unknown outcome may later be found (sent) or fail.
CREATE FUNCTION card_desk.record_outcome(p_id bigint, p_state text, p_result_id text, p_message text,
  p_journal_entry_id text)
RETURNS card_desk.approval_requests
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_requests;
BEGIN
  SELECT * INTO r FROM card_desk.approval_requests WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR r.checker IS DISTINCT FROM session_user OR r.state NOT IN ('sending', 'outcome_unknown') THEN
    PERFORM card_desk.approval_refused(format('%s cannot record how request %s ended', session_user, p_id));
  END IF;
  IF p_state NOT IN ('sent', 'failed', 'outcome_unknown') THEN
    RAISE EXCEPTION 'state must be sent, failed or outcome_unknown' USING ERRCODE = 'check_violation';
  END IF;
  UPDATE card_desk.approval_requests
     SET state = p_state, result_id = p_result_id, outcome_message = p_message, settled_at = now(),
         journal_entry_id = coalesce(p_journal_entry_id, journal_entry_id)
   WHERE id = p_id RETURNING * INTO r;
  PERFORM card_desk.approval_event(r, 'approval_' || p_state, r.sending_desk_name);
  RETURN r;
END $$;

REVOKE ALL ON FUNCTION card_desk.approval_event(card_desk.approval_requests, text, text),
  card_desk.approval_refused(text), card_desk.waiting_request(bigint),
  card_desk.decide_request(bigint, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION card_desk.expire_requests(),
  card_desk.request_approval(text, text, text, text, jsonb, text[], text, text, uuid, text, text, integer),
  card_desk.approve_request(bigint, text, text), card_desk.reject_request(bigint, text, text),
  card_desk.withdraw_request(bigint, text), card_desk.claim_for_sending(bigint, uuid, text),
  card_desk.record_outcome(bigint, text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION card_desk.expire_requests(),
  card_desk.request_approval(text, text, text, text, jsonb, text[], text, text, uuid, text, text, integer),
  card_desk.approve_request(bigint, text, text), card_desk.reject_request(bigint, text, text),
  card_desk.withdraw_request(bigint, text), card_desk.claim_for_sending(bigint, uuid, text),
  card_desk.record_outcome(bigint, text, text, text, text)
  TO card_desk_operator, card_desk_approver;
`;
