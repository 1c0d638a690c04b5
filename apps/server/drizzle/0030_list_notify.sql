-- Every change to what the mobilization list shows (a page row, its subthemes and theme, and the form entries,
-- pressures and donations behind its activist count and amount raised) is announced on 'mutirao_lists' at commit, so
-- a process may keep list answers in memory and drop them the moment any process changes one
-- (http/accessCache.ts, mobilizations/routes.ts, graphql/listCache.ts). One notice per statement: the cache drops
-- everything, and PostgreSQL folds identical notices of one transaction into one.
CREATE OR REPLACE FUNCTION mutirao_announce_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mutirao_lists', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER mobilizations_announce_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mobilizations"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
--> statement-breakpoint
CREATE TRIGGER mobilizations_subthemes_announce_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mobilizations_subthemes"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
--> statement-breakpoint
CREATE TRIGGER subthemes_announce_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subthemes"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
--> statement-breakpoint
CREATE TRIGGER themes_announce_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "themes"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
--> statement-breakpoint
CREATE TRIGGER form_entries_announce_lists AFTER INSERT OR UPDATE OF "mobilization_id", "activist_id" OR DELETE OR TRUNCATE ON "form_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
--> statement-breakpoint
CREATE TRIGGER activist_pressures_announce_lists AFTER INSERT OR UPDATE OF "mobilization_id", "activist_id" OR DELETE OR TRUNCATE ON "activist_pressures"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
--> statement-breakpoint
CREATE TRIGGER donations_announce_lists AFTER INSERT OR UPDATE OF "mobilization_id", "activist_id", "amount", "status" OR DELETE OR TRUNCATE ON "donations"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
