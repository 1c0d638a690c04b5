-- A page's live blocks each hold a position of their own (spec 01 §4: concurrent reorders never leave two blocks on
-- one position), whatever code path writes them. Older rows with equal positions are first numbered anew in page
-- order. The check is deferred to commit, so a swap may pass through a moment where two blocks share a position.
UPDATE "blocks" AS b SET "position" = o.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "mobilization_id" ORDER BY "position", "id") AS n
  FROM "blocks" WHERE "deleted_at" IS NULL
) AS o
WHERE b."id" = o."id" AND b."position" <> o.n;
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_position_unique"
  EXCLUDE USING btree ("mobilization_id" WITH =, "position" WITH =) WHERE ("deleted_at" IS NULL)
  DEFERRABLE INITIALLY DEFERRED;
