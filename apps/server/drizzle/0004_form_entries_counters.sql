CREATE TABLE "widget_counters" (
	"widget_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"form_entries" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_counters_widget_id_shard_pk" PRIMARY KEY("widget_id","shard")
);
--> statement-breakpoint
CREATE INDEX "form_entries_widget_id_idx" ON "form_entries" USING btree ("widget_id","id");--> statement-breakpoint
-- Form-entry counts per widget, kept by statement-level triggers (one upsert per statement and widget, whatever
-- path inserted or deleted the rows). The shard is the lowest new id modulo 16, so concurrent single-row
-- submissions spread over 16 counter rows instead of queueing on one. Entries never move between widgets, so
-- updates are not counted.
CREATE OR REPLACE FUNCTION mutirao_count_form_entries_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "widget_counters" (widget_id, shard, form_entries)
    SELECT widget_id, (min(id) % 16)::smallint, count(*) FROM new_rows GROUP BY widget_id
  ON CONFLICT (widget_id, shard) DO UPDATE SET form_entries = "widget_counters".form_entries + EXCLUDED.form_entries;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mutirao_count_form_entries_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "widget_counters" (widget_id, shard, form_entries)
    SELECT widget_id, (min(id) % 16)::smallint, -count(*) FROM old_rows GROUP BY widget_id
  ON CONFLICT (widget_id, shard) DO UPDATE SET form_entries = "widget_counters".form_entries + EXCLUDED.form_entries;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER form_entries_counted AFTER INSERT ON "form_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_form_entries_added();
--> statement-breakpoint
CREATE TRIGGER form_entries_uncounted AFTER DELETE ON "form_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_form_entries_removed();
--> statement-breakpoint
INSERT INTO "widget_counters" (widget_id, shard, form_entries)
  SELECT widget_id, 0, count(*) FROM "form_entries" GROUP BY widget_id;
--> statement-breakpoint
-- Recording a report's exported_at must not re-render the public page: a widget update that changes nothing but
-- exported_at leaves cache_version alone. Inserts and deletes still bump it, as does any other change.
DROP TRIGGER "widgets_cache_version" ON "widgets";
--> statement-breakpoint
CREATE TRIGGER widgets_cache_version AFTER INSERT OR DELETE ON "widgets"
  FOR EACH ROW EXECUTE FUNCTION mutirao_bump_cache_version_from_widget();
--> statement-breakpoint
CREATE TRIGGER widgets_cache_version_update AFTER UPDATE ON "widgets"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'exported_at') IS DISTINCT FROM (to_jsonb(NEW) - 'exported_at'))
  EXECUTE FUNCTION mutirao_bump_cache_version_from_widget();
