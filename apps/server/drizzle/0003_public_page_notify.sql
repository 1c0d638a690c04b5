-- Every change to a page row (its own edits, and the cache_version bumps its blocks and widgets cause), and every
-- new or deleted page, is announced on 'mutirao_pages' at commit, so a process may keep host lookups in memory and
-- drop them the moment a page changes.
CREATE OR REPLACE FUNCTION mutirao_announce_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('mutirao_pages', OLD.id::text);
  ELSE
    PERFORM pg_notify('mutirao_pages', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER mobilizations_announce AFTER INSERT OR UPDATE OR DELETE ON "mobilizations"
  FOR EACH ROW EXECUTE FUNCTION mutirao_announce_page();
