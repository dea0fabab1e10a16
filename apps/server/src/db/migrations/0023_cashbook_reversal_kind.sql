ALTER TABLE "cashbook_transactions" ADD COLUMN "description_kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashbook_transactions" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
ALTER TABLE "cashbook_transactions" ADD CONSTRAINT "cashbook_tx_description_kind_ck" CHECK (("cashbook_transactions"."description_kind" = 'text' and "cashbook_transactions"."description_params" is null) or ("cashbook_transactions"."description_kind" = 'reversal' and "cashbook_transactions"."description_params" is not null and "cashbook_transactions"."reverses_id" is not null));--> statement-breakpoint
-- hand-written: reversals written before description_kind keep their German description (the hash
-- chain covers it); their kind and parameters are read from it (cashbook-rules legacyReversalParams).
UPDATE "cashbook_transactions" SET "description_kind" = 'reversal', "description_params" = jsonb_build_object('reversal_of_seq', (substring("description" from '^Storno zu Nr\. (\d+): '))::int, 'reason', substring("description" from '^Storno zu Nr\. \d+: (.*)$')) WHERE "reverses_id" IS NOT NULL AND "description" ~ '^Storno zu Nr\. \d+: ';
