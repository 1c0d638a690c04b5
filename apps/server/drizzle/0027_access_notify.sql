-- The list screen's order (updated_at desc, then id): any page of a community's list is an index range, no sort.
DROP INDEX "mobilizations_community_status_updated_idx";--> statement-breakpoint
CREATE INDEX "mobilizations_community_status_updated_idx" ON "mobilizations" USING btree ("community_id","status","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Every change to what decides a caller's access (a user row, a session ending, a membership, a community) is
-- announced on 'mutirao_access' at commit, so a process may keep sessions and memberships in memory and drop them
-- the moment any process changes them (http/accessCache.ts). One notice per statement: the cache drops everything,
-- so the payload only names the table, and PostgreSQL folds identical notices of one transaction into one.
-- New sessions are not announced: a token naming a session exists only after its row does.
CREATE OR REPLACE FUNCTION mutirao_announce_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mutirao_access', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_access AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_access();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_access AFTER UPDATE OF "user_id", "expires_at" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_access();
--> statement-breakpoint
CREATE TRIGGER community_users_announce_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_users"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_access();
--> statement-breakpoint
CREATE TRIGGER communities_announce_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "communities"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_access();
