-- A visitor's action is checked against the published widget a process keeps in memory (issue 18). The write names
-- the page version (mobilizations.cache_version, which every change to the page, its blocks or their widgets bumps)
-- that its checks were made against; when the page has moved on since, the write stops with SQLSTATE MU409 and
-- changes nothing, and the process looks the widget up again. So an edit is seen by the very next action, in every
-- process, with no notice to wait for.
CREATE OR REPLACE FUNCTION mutirao_page_at_version(page integer, version integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "mobilizations" WHERE id = page AND cache_version = version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'page % is no longer at version %', page, version USING ERRCODE = 'MU409';
  END IF;
  RETURN page;
END;
$$;
