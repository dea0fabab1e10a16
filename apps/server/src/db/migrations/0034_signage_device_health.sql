ALTER TABLE "signage_devices" ADD COLUMN "reported_version" text;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "now_playing_file_id" integer;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "cache_bytes" bigint;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "cache_files" integer;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "app_version" text;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "screen_w" integer;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "screen_h" integer;--> statement-breakpoint
ALTER TABLE "signage_devices" ADD COLUMN "offline_notified_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "signage_devices_offline_idx" ON "signage_devices" USING btree ("last_seen","id") WHERE "signage_devices"."status" = 'active' and "signage_devices"."offline_notified_at" is null;