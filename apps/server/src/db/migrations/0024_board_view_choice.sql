CREATE TABLE "task_board_views" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"view" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_board_views" ADD CONSTRAINT "task_board_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;