CREATE TABLE "signage_plays" (
	"device_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signage_plays_device_id_seq_pk" PRIMARY KEY("device_id","seq")
);
--> statement-breakpoint
ALTER TABLE "signage_plays" ADD CONSTRAINT "signage_plays_device_id_signage_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."signage_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signage_plays" ADD CONSTRAINT "signage_plays_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signage_plays_customer_time_idx" ON "signage_plays" USING btree ("customer_id","started_at");