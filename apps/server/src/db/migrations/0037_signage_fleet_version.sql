-- The fleet's version (scope -2 of signage_content_versions): raised by every statement that adds or
-- removes screens, in its own transaction. The status board keeps the number of screens under it
-- (modules/signage/devices.ts) instead of counting a table that thousands of heartbeats a minute
-- rewrite (a scan of its live and dead rows on every look at the board).
CREATE FUNCTION "signage_fleet_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signage_content_raise"(ARRAY[-2]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "signage_fleet_insert" AFTER INSERT ON "signage_devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "signage_fleet_raise"();--> statement-breakpoint
CREATE TRIGGER "signage_fleet_delete" AFTER DELETE ON "signage_devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "signage_fleet_raise"();--> statement-breakpoint
CREATE TRIGGER "signage_fleet_truncate" AFTER TRUNCATE ON "signage_devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "signage_fleet_raise"();
