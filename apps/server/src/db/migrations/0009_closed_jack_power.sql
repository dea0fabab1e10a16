CREATE TABLE "rating_codes" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_ratings" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"agent_id" integer,
	"country_id" integer NOT NULL,
	"time_rating" smallint NOT NULL,
	"satisfaction_rating" smallint NOT NULL,
	"friendliness_rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_ratings_range_check" CHECK ("task_ratings"."time_rating" between 1 and 5 and "task_ratings"."satisfaction_rating" between 1 and 5 and "task_ratings"."friendliness_rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "rating_codes" ADD CONSTRAINT "rating_codes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_ratings" ADD CONSTRAINT "task_ratings_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_ratings_country_idx" ON "task_ratings" USING btree ("country_id","created_at");--> statement-breakpoint
CREATE INDEX "task_ratings_agent_idx" ON "task_ratings" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_stats_country_idx" ON "tasks" USING btree ("country_id","erstellt_am","status","typ","frist","erledigt_am","user_id");--> statement-breakpoint
CREATE INDEX "tasks_stats_agent_idx" ON "tasks" USING btree ("user_id","erstellt_am","country_id","status","typ","frist","erledigt_am");