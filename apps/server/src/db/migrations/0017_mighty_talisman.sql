DROP INDEX "tasks_titel_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_beschreibung_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_firma_trgm_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(replace(replace("tasks"."titel" || ' ' || "tasks"."beschreibung" || ' ' || coalesce("tasks"."firma", ''), 'ß', 'ss'), 'ẞ', 'SS'), 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñŠšŽžČčĆćÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnSsZzCcCcYyy'))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "firma_search" text GENERATED ALWAYS AS (lower(translate(replace(replace(coalesce("tasks"."firma", ''), 'ß', 'ss'), 'ẞ', 'SS'), 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñŠšŽžČčĆćÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnSsZzCcCcYyy'))) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_firma_search_trgm_idx" ON "tasks" USING gin ("firma_search" gin_trgm_ops);