CREATE INDEX "customers_uid_norm_idx" ON "customers" USING btree (upper(replace("uid", ' ', '')));--> statement-breakpoint
CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "tasks_kundennummer_idx" ON "tasks" USING btree ("kundennummer","id");