-- Every line records the business version of the mutation that added it, whichever code path
-- inserts it, as drizzle/0002_line_created_version.sql does on SQLite: a line is inserted inside
-- its mutation's write transaction (which holds the venue's row lock) before the change log bumps
-- the version by one, so the mutation's version is the stored one plus one. Complete, delete and
-- reject compare it with the version the tablet saw (seenVersion).
CREATE FUNCTION order_lines_created_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_version := (SELECT version + 1 FROM businesses WHERE id = NEW.business_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_lines_created_version BEFORE INSERT ON order_lines
  FOR EACH ROW WHEN (NEW.created_version IS NULL) EXECUTE FUNCTION order_lines_created_version();
