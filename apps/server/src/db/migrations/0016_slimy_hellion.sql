CREATE TABLE "board_versions" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tasks_board_agent_idx" ON "tasks" USING btree ("country_id","status","user_id","id");--> statement-breakpoint
CREATE INDEX "tasks_board_creator_idx" ON "tasks" USING btree ("country_id","status","created_by_userid");--> statement-breakpoint
CREATE INDEX "tasks_board_requested_idx" ON "tasks" USING btree ("country_id","status","requested_user_id");--> statement-breakpoint
CREATE INDEX "tasks_board_unassigned_idx" ON "tasks" USING btree ("country_id","status","id") WHERE "tasks"."user_id" is null;--> statement-breakpoint
-- Board versions (modules/tasks/board-cache.ts): every statement that writes tasks raises the version
-- of each country it touched, in its own transaction, so a reader sees the version and the rows it
-- covers from one snapshot. A changed agent name or task type changes rows of every board.
CREATE FUNCTION "board_versions_raise"(country_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "board_versions" AS b ("country_id", "version")
    SELECT DISTINCT c, 1 FROM unnest(country_ids) AS c ORDER BY 1
    ON CONFLICT ("country_id") DO UPDATE SET "version" = b."version" + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "board_version_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "board_versions_raise"(array(SELECT country_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "board_versions_raise"(array(SELECT country_id FROM old_rows));
  ELSE
    PERFORM "board_versions_raise"(array(SELECT country_id FROM new_rows UNION ALL SELECT country_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "board_version_tasks_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_version_tasks"();--> statement-breakpoint
CREATE TRIGGER "board_version_tasks_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_version_tasks"();--> statement-breakpoint
CREATE TRIGGER "board_version_tasks_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "board_version_tasks"();--> statement-breakpoint
CREATE FUNCTION "board_version_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "board_versions" SET "version" = "version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "board_version_agent_name" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "board_version_all"();--> statement-breakpoint
CREATE TRIGGER "board_version_task_types" AFTER INSERT OR UPDATE OR DELETE ON "task_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "board_version_all"();
