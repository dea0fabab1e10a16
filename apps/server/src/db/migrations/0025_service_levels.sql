CREATE TABLE "service_calendar_days" (
	"country_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"closed" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "service_calendar_days_country_id_date_pk" PRIMARY KEY("country_id","date")
);
--> statement-breakpoint
CREATE TABLE "service_calendars" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"task_type_id" integer PRIMARY KEY NOT NULL,
	"response_minutes" integer NOT NULL,
	"resolution_minutes" integer,
	"clock" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_response_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_resolution_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_responded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_paused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_pause_reason" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_paused_minutes" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "sla_warn_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "service_calendar_days" ADD CONSTRAINT "service_calendar_days_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_calendar_days" ADD CONSTRAINT "service_calendar_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_calendars" ADD CONSTRAINT "service_calendars_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_calendars" ADD CONSTRAINT "service_calendars_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_board_sla_idx" ON "tasks" USING btree ("country_id","status","sla_due_at","id","user_id","created_by_userid","requested_user_id","typ","sla_warn_at");