-- The CSV export (issue 18) reads an entry laid out as its widget's current form by position, and any other entry
-- field by field. Telling the two apart used to take a check of every uid on every row of every export; the entry's
-- layout is now kept by PostgreSQL when the entry is written: the JSON text of its uids when every element is an
-- object with a string uid and a string value (what the form sends), NULL otherwise. One comparison per row then
-- tells the export which way to read it, and the check runs in the parallel workers, below the sort.
CREATE OR REPLACE FUNCTION form_entry_layout(fields jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(fields) = 'array' THEN (
    SELECT CASE WHEN jsonb_array_length(uids) = jsonb_array_length(fields) THEN uids::text END
    FROM (SELECT jsonb_path_query_array(fields,
      'strict $[*] ? (@.uid.type() == "string" && @.value.type() == "string").uid') AS uids) u)
  END
$$;
--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "layout" text GENERATED ALWAYS AS (form_entry_layout(fields)) STORED;
