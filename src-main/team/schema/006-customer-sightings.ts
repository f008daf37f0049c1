// Migration 6: when a sweep last saw each customer, so a complete full sweep can mark those it did not see.
export const CUSTOMER_SIGHTINGS = `
-- seen_at: the time of the last syncer statement that wrote the customer (the syncer upserts every customer
-- of every page it reads). Set by the stamp below, never by a desk, so no grant is needed.
ALTER TABLE card_desk.customers ADD COLUMN seen_at timestamptz;

-- The stamp again: every write stamps seen_at; only a change of the record or of deleted takes a new
-- change_seq (and changed_at, changed_by), so a customer seen again unchanged is not re-read by the desks.
CREATE OR REPLACE FUNCTION card_desk.stamp_customer() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.seen_at := now();
  IF TG_OP = 'UPDATE' AND NEW.record IS NOT DISTINCT FROM OLD.record AND NEW.deleted = OLD.deleted THEN
    NEW.change_seq := OLD.change_seq;
    NEW.changed_at := OLD.changed_at;
    NEW.changed_by := OLD.changed_by;
    RETURN NEW;
  END IF;
  NEW.change_seq := nextval('card_desk.customer_change_seq');
  NEW.changed_at := now();
  NEW.changed_by := session_user;
  RETURN NEW;
END $$;
`;
