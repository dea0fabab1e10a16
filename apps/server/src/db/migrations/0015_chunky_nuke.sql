ALTER TABLE "rksv_orders" ADD COLUMN "cards_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rksv_orders" ADD COLUMN "cards_activated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The card summary of each order (cards without serial number, cards activated), counted from the
-- cards already stored, then kept by the database on every card write: one statement-level trigger
-- per event recounts the orders whose cards the statement touched.
UPDATE "rksv_orders" o SET "cards_pending" = s.pending, "cards_activated" = s.activated
FROM (SELECT "order_id", (count(*) FILTER (WHERE "cert_done" = 0))::int AS pending,
             (count(*) FILTER (WHERE "activated_at" IS NOT NULL))::int AS activated
      FROM "rksv_cards" GROUP BY "order_id") s
WHERE o."id" = s."order_id";--> statement-breakpoint
CREATE FUNCTION "rksv_orders_recount"(order_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "rksv_orders" o SET "cards_pending" = s.pending, "cards_activated" = s.activated
  FROM (SELECT t.id,
               (SELECT count(*) FROM "rksv_cards" c WHERE c."order_id" = t.id AND c."cert_done" = 0)::int AS pending,
               (SELECT count(*) FROM "rksv_cards" c WHERE c."order_id" = t.id AND c."activated_at" IS NOT NULL)::int AS activated
        FROM unnest(order_ids) AS t(id)) s
  WHERE o."id" = s.id AND (o."cards_pending", o."cards_activated") IS DISTINCT FROM (s.pending, s.activated);
$$;--> statement-breakpoint
CREATE FUNCTION "rksv_cards_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The orders the statement touched come from the transition tables its event has; plpgsql plans a
  -- branch only when it runs, so a table an event lacks is never named.
  IF TG_OP = 'INSERT' THEN
    PERFORM "rksv_orders_recount"(array(SELECT DISTINCT order_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "rksv_orders_recount"(array(SELECT DISTINCT order_id FROM old_rows));
  ELSE
    PERFORM "rksv_orders_recount"(array(SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rksv_cards_summary_insert" AFTER INSERT ON "rksv_cards"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rksv_cards_summary"();--> statement-breakpoint
CREATE TRIGGER "rksv_cards_summary_update" AFTER UPDATE ON "rksv_cards"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rksv_cards_summary"();--> statement-breakpoint
CREATE TRIGGER "rksv_cards_summary_delete" AFTER DELETE ON "rksv_cards"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rksv_cards_summary"();--> statement-breakpoint
CREATE INDEX "rksv_orders_stage_idx" ON "rksv_orders" USING btree ((case
  when "payment_status" not in ('paid', 'completed') then null
  when "cards_activated" > 0 then 'completed'
  when "cards_pending" > 0 then 'open'
  when "shipped_at" is null then 'created'
  when "delivery" = 1 then 'delivery'
  else 'pickup' end),"id");