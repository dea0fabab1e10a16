-- One serial number per card of all (issue 28): stored trimmed, compared case-insensitively.
-- Old data first: a serial number is stored trimmed, and a blank one is none.
UPDATE "rksv_cards" SET "serial_number" = nullif(trim("serial_number"), '')
  WHERE "serial_number" IS DISTINCT FROM nullif(trim("serial_number"), '');--> statement-breakpoint
-- One serial on several cards: the card in use keeps it (activated first, else the oldest card); every
-- other one gets "-DUP-<card id>" appended, so staff find and correct it, and the order's activity says so.
WITH "ranked" AS (
  SELECT "id", "serial_number",
    row_number() OVER (PARTITION BY lower("serial_number") ORDER BY "activated_at" NULLS LAST, "id") AS "n"
  FROM "rksv_cards" WHERE "serial_number" IS NOT NULL
), "renamed" AS (
  UPDATE "rksv_cards" SET "serial_number" = "ranked"."serial_number" || '-DUP-' || "rksv_cards"."id"
  FROM "ranked" WHERE "ranked"."id" = "rksv_cards"."id" AND "ranked"."n" > 1
  RETURNING "rksv_cards"."id", "rksv_cards"."order_id", "rksv_cards"."serial_number", "ranked"."serial_number" AS "previous"
)
INSERT INTO "rksv_order_activity" ("order_id", "card_id", "action", "details")
SELECT "order_id", "id", 'serial', jsonb_build_object('serial_number', "serial_number", 'previous', "previous", 'reason', 'duplicate')
FROM "renamed";--> statement-breakpoint
CREATE UNIQUE INDEX "rksv_cards_serial_uq" ON "rksv_cards" USING btree (lower(trim("serial_number")));
