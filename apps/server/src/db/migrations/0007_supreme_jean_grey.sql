ALTER TABLE "customers" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "stripe_cu_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_stripe_cu_idx" ON "customers" USING btree ("stripe_cu_id") WHERE "customers"."stripe_cu_id" is not null;