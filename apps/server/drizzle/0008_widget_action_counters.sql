-- One count of actions per widget, whatever its kind: the form-only column becomes `actions`, and the same two
-- statement-level trigger functions count every action table (form entries, e-mail and phone pressures,
-- donations). The shard is the lowest new id modulo 16, as before. Rows without a widget (a donation whose widget
-- was removed) are not counted; actions never move between widgets, so updates are not counted.
ALTER TABLE "widget_counters" RENAME COLUMN "form_entries" TO "actions";
--> statement-breakpoint
DROP TRIGGER "form_entries_counted" ON "form_entries";
--> statement-breakpoint
DROP TRIGGER "form_entries_uncounted" ON "form_entries";
--> statement-breakpoint
DROP FUNCTION mutirao_count_form_entries_added();
--> statement-breakpoint
DROP FUNCTION mutirao_count_form_entries_removed();
--> statement-breakpoint
CREATE FUNCTION mutirao_count_actions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "widget_counters" (widget_id, shard, actions)
    SELECT widget_id, (min(id) % 16)::smallint, count(*) FROM new_rows WHERE widget_id IS NOT NULL GROUP BY widget_id
  ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION mutirao_count_actions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "widget_counters" (widget_id, shard, actions)
    SELECT widget_id, (min(id) % 16)::smallint, -count(*) FROM old_rows WHERE widget_id IS NOT NULL GROUP BY widget_id
  ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER form_entries_counted AFTER INSERT ON "form_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_actions_added();
--> statement-breakpoint
CREATE TRIGGER form_entries_uncounted AFTER DELETE ON "form_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_actions_removed();
--> statement-breakpoint
CREATE TRIGGER activist_pressures_counted AFTER INSERT ON "activist_pressures"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_actions_added();
--> statement-breakpoint
CREATE TRIGGER activist_pressures_uncounted AFTER DELETE ON "activist_pressures"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_actions_removed();
--> statement-breakpoint
CREATE TRIGGER donations_counted AFTER INSERT ON "donations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_actions_added();
--> statement-breakpoint
CREATE TRIGGER donations_uncounted AFTER DELETE ON "donations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_actions_removed();
--> statement-breakpoint
-- Pressures and donations made before this migration are counted once, on shard 0.
INSERT INTO "widget_counters" (widget_id, shard, actions)
  SELECT widget_id, 0, count(*) FROM (
    SELECT widget_id FROM "activist_pressures" UNION ALL SELECT widget_id FROM "donations" WHERE widget_id IS NOT NULL
  ) AS acted GROUP BY widget_id
ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
