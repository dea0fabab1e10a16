ALTER TABLE "cashbook_closings" ADD COLUMN "sealed_seq" integer;--> statement-breakpoint
ALTER TABLE "cashbook_closings" ADD COLUMN "sealed_hash" text;--> statement-breakpoint
ALTER TABLE "cashbook_closings" ADD COLUMN "seal" text;