ALTER TABLE "rksv_cards" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "rksv_cards" ADD COLUMN "country_id" integer;--> statement-breakpoint
-- The card keeps its order's agent and its customer's country (issue 32): the deadline list filters and
-- sorts them from one index of the card row. Copied for the cards already stored, then kept by the
-- database on every write that changes them: the card's insert, the order's agent or customer, the
-- customer's country.
UPDATE "rksv_cards" c SET "agent_id" = o."agent_id", "country_id" = cu."country_id"
FROM "rksv_orders" o LEFT JOIN "customers" cu ON cu."id" = o."customer_id"
WHERE o."id" = c."order_id";--> statement-breakpoint
CREATE INDEX "rksv_cards_deadline_agent_idx" ON "rksv_cards" USING btree ("agent_id","next_deadline_at","id") WHERE "rksv_cards"."next_deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "rksv_cards_deadline_agent_kind_idx" ON "rksv_cards" USING btree ("agent_id","next_deadline_kind","next_deadline_at","id") WHERE "rksv_cards"."next_deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "rksv_cards_deadline_country_idx" ON "rksv_cards" USING btree ("country_id","next_deadline_at","id") WHERE "rksv_cards"."next_deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "rksv_cards_deadline_country_kind_idx" ON "rksv_cards" USING btree ("country_id","next_deadline_kind","next_deadline_at","id") WHERE "rksv_cards"."next_deadline_at" is not null;--> statement-breakpoint
CREATE FUNCTION "rksv_card_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o."agent_id", cu."country_id" INTO NEW."agent_id", NEW."country_id"
  FROM "rksv_orders" o LEFT JOIN "customers" cu ON cu."id" = o."customer_id"
  WHERE o."id" = NEW."order_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "rksv_card_owner" BEFORE INSERT OR UPDATE OF "order_id", "agent_id", "country_id" ON "rksv_cards"
  FOR EACH ROW EXECUTE FUNCTION "rksv_card_owner"();--> statement-breakpoint
CREATE FUNCTION "rksv_order_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "rksv_cards" SET "order_id" = "order_id" WHERE "order_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rksv_order_owner" AFTER UPDATE OF "agent_id", "customer_id" ON "rksv_orders"
  FOR EACH ROW WHEN (OLD."agent_id" IS DISTINCT FROM NEW."agent_id" OR OLD."customer_id" IS DISTINCT FROM NEW."customer_id")
  EXECUTE FUNCTION "rksv_order_owner"();--> statement-breakpoint
CREATE FUNCTION "rksv_customer_country"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "rksv_cards" c SET "order_id" = c."order_id" FROM "rksv_orders" o
  WHERE o."customer_id" = NEW."id" AND c."order_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rksv_customer_country" AFTER UPDATE OF "country_id" ON "customers"
  FOR EACH ROW WHEN (OLD."country_id" IS DISTINCT FROM NEW."country_id")
  EXECUTE FUNCTION "rksv_customer_country"();
