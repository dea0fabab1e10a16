DROP INDEX "tasks_board_id_idx";--> statement-breakpoint
DROP INDEX "tasks_board_created_idx";--> statement-breakpoint
DROP INDEX "tasks_board_due_idx";--> statement-breakpoint
CREATE INDEX "tasks_board_id_idx" ON "tasks" USING btree ("country_id","status","id","user_id","created_by_userid","requested_user_id","typ");--> statement-breakpoint
CREATE INDEX "tasks_board_created_idx" ON "tasks" USING btree ("country_id","status","erstellt_am","id","user_id","created_by_userid","requested_user_id","typ");--> statement-breakpoint
CREATE INDEX "tasks_board_due_idx" ON "tasks" USING btree ("country_id","status","frist","id","user_id","created_by_userid","requested_user_id","typ");