ALTER TABLE "mobilizations" ADD COLUMN "cache_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Any change to a mobilization, its blocks or their widgets bumps mobilizations.cache_version, so the
-- public-page cache can never serve a stale page, whichever code path (or hand-written SQL) made the change.
CREATE OR REPLACE FUNCTION mutirao_bump_own_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cache_version := OLD.cache_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER mobilizations_cache_version BEFORE UPDATE ON "mobilizations"
  FOR EACH ROW WHEN (OLD.cache_version = NEW.cache_version)
  EXECUTE FUNCTION mutirao_bump_own_cache_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mutirao_bump_cache_version_from_block() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1 WHERE id = OLD.mobilization_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.mobilization_id IS DISTINCT FROM OLD.mobilization_id) THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1 WHERE id = NEW.mobilization_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER blocks_cache_version AFTER INSERT OR UPDATE OR DELETE ON "blocks"
  FOR EACH ROW EXECUTE FUNCTION mutirao_bump_cache_version_from_block();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mutirao_bump_cache_version_from_widget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1
      WHERE id = (SELECT mobilization_id FROM "blocks" WHERE id = OLD.block_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.block_id IS DISTINCT FROM OLD.block_id) THEN
    UPDATE "mobilizations" SET cache_version = cache_version + 1
      WHERE id = (SELECT mobilization_id FROM "blocks" WHERE id = NEW.block_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER widgets_cache_version AFTER INSERT OR UPDATE OR DELETE ON "widgets"
  FOR EACH ROW EXECUTE FUNCTION mutirao_bump_cache_version_from_widget();
