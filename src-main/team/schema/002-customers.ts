// Migration 2: customers as the syncer writes them, their sync state and the sync lease.
export const CUSTOMERS = `
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
