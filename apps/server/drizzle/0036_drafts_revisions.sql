CREATE TABLE "mobilization_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobilization_id" integer NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by" integer,
	"scheduled" boolean DEFAULT false NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "published_revision_id" integer;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "scheduled_by" integer;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "schedule_failure" jsonb;--> statement-breakpoint
ALTER TABLE "mobilizations" ADD COLUMN "draft_restored_from" integer;--> statement-breakpoint
ALTER TABLE "mobilization_revisions" ADD CONSTRAINT "mobilization_revisions_mobilization_id_mobilizations_id_fk" FOREIGN KEY ("mobilization_id") REFERENCES "public"."mobilizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobilization_revisions" ADD CONSTRAINT "mobilization_revisions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mobilization_revisions_number_idx" ON "mobilization_revisions" USING btree ("mobilization_id","number");--> statement-breakpoint
ALTER TABLE "mobilizations" ADD CONSTRAINT "mobilizations_published_revision_id_mobilization_revisions_id_fk" FOREIGN KEY ("published_revision_id") REFERENCES "public"."mobilization_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobilizations_publish_at_idx" ON "mobilizations" USING btree ("publish_at") WHERE "mobilizations"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "mobilizations_unpublish_at_idx" ON "mobilizations" USING btree ("unpublish_at") WHERE "mobilizations"."unpublish_at" is not null;--> statement-breakpoint
-- Once a page is launched (published_revision_id set), its blocks and widgets are the draft: visitors see the
-- published revision, so changing them must not move the page's cache_version (the public page's cache key and the
-- version a visitor's action is checked against). A publication moves it, as any change to the page row does.
CREATE OR REPLACE FUNCTION mutirao_bump_cache_version_from_block() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1
      WHERE id = OLD.mobilization_id AND published_revision_id IS NULL;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.mobilization_id IS DISTINCT FROM OLD.mobilization_id) THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1
      WHERE id = NEW.mobilization_id AND published_revision_id IS NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mutirao_bump_cache_version_from_widget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1
      WHERE id = (SELECT mobilization_id FROM "blocks" WHERE id = OLD.block_id) AND published_revision_id IS NULL;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.block_id IS DISTINCT FROM OLD.block_id) THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1
      WHERE id = (SELECT mobilization_id FROM "blocks" WHERE id = NEW.block_id) AND published_revision_id IS NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Backfill: a page that already counts as launched (core's isMobilizationPublic: a custom domain and the three share
-- texts) is
-- published as it is now, revision 1, so that from this version on its edits wait in a draft as a newly launched
-- page's do. The content has PageSnapshot's shape (packages/core/src/revisions.ts).
INSERT INTO "mobilization_revisions" ("mobilization_id", "number", "content", "created_at")
SELECT m.id, 1, jsonb_build_object(
  'blocks', (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'id', b.id, 'position', b.position, 'name', b.name, 'hidden', b.hidden, 'menuHidden', b.menu_hidden,
      'bgClass', b.bg_class, 'bgImage', b.bg_image) ORDER BY b.position, b.id), '[]'::jsonb)
    FROM "blocks" b WHERE b.mobilization_id = m.id AND b.deleted_at IS NULL),
  'widgets', (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'id', w.id, 'blockId', w.block_id, 'kind', w.kind, 'smSize', w.sm_size, 'mdSize', w.md_size,
      'lgSize', w.lg_size, 'settings', w.settings, 'goal', w.goal) ORDER BY w.id), '[]'::jsonb)
    FROM "widgets" w JOIN "blocks" b ON b.id = w.block_id
    WHERE b.mobilization_id = m.id AND b.deleted_at IS NULL AND w.deleted_at IS NULL)
), now()
FROM "mobilizations" m
WHERE m.published_revision_id IS NULL AND m.deleted_at IS NULL
  AND btrim(coalesce(m.custom_domain, '')) <> '' AND btrim(coalesce(m.facebook_share_title, '')) <> ''
  AND btrim(coalesce(m.facebook_share_description, '')) <> '' AND btrim(coalesce(m.twitter_share_text, '')) <> ''
  AND NOT EXISTS (SELECT 1 FROM "mobilization_revisions" r WHERE r.mobilization_id = m.id);
--> statement-breakpoint
UPDATE "mobilizations" m SET published_revision_id = r.id
FROM "mobilization_revisions" r
WHERE r.mobilization_id = m.id AND r.number = 1 AND m.published_revision_id IS NULL;
