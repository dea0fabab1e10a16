CREATE TABLE "signage_content_versions" (
	"scope" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signage_devices_last_seen_idx" ON "signage_devices" USING btree ("last_seen" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Content versions (modules/signage/content-cache.ts): every statement that writes what a screen may
-- play raises the version of each scope it touched, in its own transaction. Scope: the customer, 0 for
-- screens without one, -1 for files (a file's name, type or bytes show in every scope that uses it).
CREATE FUNCTION "signage_content_raise"(scopes integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "signage_content_versions" AS v ("scope", "version")
    SELECT DISTINCT s, 1 FROM unnest(scopes) AS s ORDER BY 1
    ON CONFLICT ("scope") DO UPDATE SET "version" = v."version" + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "signage_content_device_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A device deleted with its content (cascade) is gone already: nothing of it is asked again.
  IF TG_OP = 'INSERT' THEN
    PERFORM "signage_content_raise"(array(SELECT coalesce(d.customer_id, 0) FROM new_rows r JOIN "signage_devices" d ON d.id = r.device_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "signage_content_raise"(array(SELECT coalesce(d.customer_id, 0) FROM old_rows r JOIN "signage_devices" d ON d.id = r.device_id));
  ELSE
    PERFORM "signage_content_raise"(array(SELECT coalesce(d.customer_id, 0) FROM (SELECT device_id FROM new_rows UNION SELECT device_id FROM old_rows) r JOIN "signage_devices" d ON d.id = r.device_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "signage_content_device_content_insert" AFTER INSERT ON "signage_device_content"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_device_content"();--> statement-breakpoint
CREATE TRIGGER "signage_content_device_content_update" AFTER UPDATE ON "signage_device_content"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_device_content"();--> statement-breakpoint
CREATE TRIGGER "signage_content_device_content_delete" AFTER DELETE ON "signage_device_content"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_device_content"();--> statement-breakpoint
CREATE FUNCTION "signage_content_schedules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "signage_content_raise"(array(SELECT customer_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "signage_content_raise"(array(SELECT customer_id FROM old_rows));
  ELSE
    PERFORM "signage_content_raise"(array(SELECT customer_id FROM new_rows UNION SELECT customer_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "signage_content_schedules_insert" AFTER INSERT ON "signage_schedules"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_schedules"();--> statement-breakpoint
CREATE TRIGGER "signage_content_schedules_update" AFTER UPDATE ON "signage_schedules"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_schedules"();--> statement-breakpoint
CREATE TRIGGER "signage_content_schedules_delete" AFTER DELETE ON "signage_schedules"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_schedules"();--> statement-breakpoint
CREATE FUNCTION "signage_content_schedule_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A schedule deleted with its content (cascade) raised its customer itself.
  IF TG_OP = 'INSERT' THEN
    PERFORM "signage_content_raise"(array(SELECT s.customer_id FROM new_rows r JOIN "signage_schedules" s ON s.id = r.schedule_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "signage_content_raise"(array(SELECT s.customer_id FROM old_rows r JOIN "signage_schedules" s ON s.id = r.schedule_id));
  ELSE
    PERFORM "signage_content_raise"(array(SELECT s.customer_id FROM (SELECT schedule_id FROM new_rows UNION SELECT schedule_id FROM old_rows) r JOIN "signage_schedules" s ON s.id = r.schedule_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "signage_content_schedule_content_insert" AFTER INSERT ON "signage_schedule_content"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_schedule_content"();--> statement-breakpoint
CREATE TRIGGER "signage_content_schedule_content_update" AFTER UPDATE ON "signage_schedule_content"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_schedule_content"();--> statement-breakpoint
CREATE TRIGGER "signage_content_schedule_content_delete" AFTER DELETE ON "signage_schedule_content"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_schedule_content"();--> statement-breakpoint
CREATE FUNCTION "signage_content_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signage_content_raise"(ARRAY[-1]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "signage_content_files" AFTER UPDATE OR DELETE ON "signage_files"
  FOR EACH STATEMENT EXECUTE FUNCTION "signage_content_files"();
