CREATE INDEX "mail_outbox_task_idx" ON "mail_outbox" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "tasks_customer_time_idx" ON "tasks" USING btree ("kundennummer","erstellt_am","id");--> statement-breakpoint
CREATE INDEX "rksv_orders_customer_time_idx" ON "rksv_orders" USING btree ("customer_id","saved_at","id");--> statement-breakpoint
CREATE INDEX "cashbook_tx_customer_time_idx" ON "cashbook_transactions" USING btree ("customer_id","recorded_at","id");