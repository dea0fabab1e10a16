ALTER TABLE "tasks" ADD COLUMN "sla_alert_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_alert_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_sla_alert_idx" ON "tasks" USING btree ("sla_alert_at") WHERE "tasks"."sla_alert_at" is not null;--> statement-breakpoint
-- The warnings job's next alert (modules/tasks/sla-alerts.ts) starts again at the warning point whenever
-- a task's running deadline is set or moves (creation, first response, pause, resume, status, a policy or
-- calendar change), whichever path writes it; an unchanged deadline keeps the alerts already sent.
CREATE FUNCTION "tasks_sla_alert_start"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."sla_due_at" IS DISTINCT FROM OLD."sla_due_at" THEN
    NEW."sla_alert_step" := 0;
    NEW."sla_alert_at" := CASE WHEN NEW."sla_due_at" IS NULL THEN NULL ELSE coalesce(NEW."sla_warn_at", NEW."sla_due_at") END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tasks_sla_alert_start_insert" BEFORE INSERT ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "tasks_sla_alert_start"();--> statement-breakpoint
CREATE TRIGGER "tasks_sla_alert_start_update" BEFORE UPDATE OF "sla_due_at" ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "tasks_sla_alert_start"();--> statement-breakpoint
UPDATE "tasks" SET "sla_alert_at" = coalesce("sla_warn_at", "sla_due_at") WHERE "sla_due_at" IS NOT NULL;
