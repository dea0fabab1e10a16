CREATE TABLE "audit_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"subject_kind" text,
	"subject_id" integer,
	"customer_id" integer,
	"country_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changes_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_kind","subject_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","seq") WHERE "audit_log"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
INSERT INTO "audit_head" ("id", "seq", "hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');--> statement-breakpoint
-- The trail is append-only: an UPDATE or DELETE is refused in the database itself, whoever sends it.
-- One change is let through: an erasure (GDPR) replaces a row's `changes` by {"_redacted": day} and
-- touches nothing else; the row's hash covers `changes_hash`, which stays, so the chain still verifies.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - 'changes') = (to_jsonb(OLD) - 'changes')
     AND NEW.changes ? '_redacted'
     AND (SELECT count(*) FROM jsonb_object_keys(NEW.changes)) = 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
