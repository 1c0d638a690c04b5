ALTER TABLE "activist_pressures" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "twilio_calls" ADD COLUMN "status" text DEFAULT 'initiated' NOT NULL;--> statement-breakpoint
ALTER TABLE "twilio_calls" ADD COLUMN "mailchimp_synced_at" timestamp with time zone;--> statement-breakpoint
-- Issue 31: what counts as an action is defined once (core's `actions/definitions.ts`); these three functions are
-- that definition in SQL, the only place the server writes it. `apps/server/src/actions/sources.ts` names them for every
-- query (counters, metrics, reports, the people list, the mailing list) and `actions/sources.test.ts` checks them against
-- core's tables state by state. Each is a single expression, which the planner inlines where it is called.
--
-- A donation is a paid charge; refused and failed charges are attempts, unsettled ones pending, refunds returned.
CREATE FUNCTION mutirao_donation_counts(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'paid' $$;
--> statement-breakpoint
-- A phone pressure is a call that reached its target: completed as the visitor sees it (`twilio_calls.status`).
CREATE FUNCTION mutirao_call_counts(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'completed' $$;
--> statement-breakpoint
-- An e-mail pressure is every e-mail submission; a phone-pressure visit's row is not an action (its calls are).
CREATE FUNCTION mutirao_pressure_counts(channel text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT channel = 'email' $$;
--> statement-breakpoint
UPDATE "activist_pressures" p SET channel = 'phone' FROM "widgets" w WHERE w.id = p.widget_id AND w.kind = 'pressure-phone';
--> statement-breakpoint
-- Each call as the visitor sees it (`displayedState` in telephony/calls.ts): the first end the target's leg reported,
-- else the first end of the visitor's own leg, else the furthest state either leg reached (the visitor answering,
-- 'in-progress', and the target's leg starting both mean the target is being rung).
UPDATE "twilio_calls" c SET status = s.seen FROM (
  SELECT DISTINCT ON (x.call_id) x.call_id, x.seen FROM (
    SELECT t.twilio_call_id AS call_id, t.id, t.twilio_parent_call_sid IS NOT NULL AS target,
      t.status IN ('completed', 'busy', 'no-answer', 'failed') AS final,
      CASE WHEN t.twilio_parent_call_sid IS NULL AND t.status = 'in-progress' THEN 'ringing'
        WHEN t.twilio_parent_call_sid IS NOT NULL AND t.status = 'initiated' THEN 'ringing'
        ELSE t.status END AS seen
    FROM "twilio_call_transitions" t
  ) x
  ORDER BY x.call_id, x.final DESC, (x.final AND x.target) DESC,
    CASE x.seen WHEN 'initiated' THEN 0 WHEN 'ringing' THEN 1 WHEN 'in-progress' THEN 2 ELSE 3 END DESC, x.id
) s WHERE s.call_id = c.id;
--> statement-breakpoint
-- The widget counters count what counts. Form entries keep the shared functions (every entry counts); e-mail
-- pressures count their e-mail rows; donations and calls also count when an update moves a row into or out of
-- counting (a boleto paid, a card refunded, a call completed). A recurring donation's later charges carry no widget
-- of their own and count for their subscription's.
DROP TRIGGER "activist_pressures_counted" ON "activist_pressures";
--> statement-breakpoint
DROP TRIGGER "activist_pressures_uncounted" ON "activist_pressures";
--> statement-breakpoint
DROP TRIGGER "donations_counted" ON "donations";
--> statement-breakpoint
DROP TRIGGER "donations_uncounted" ON "donations";
--> statement-breakpoint
CREATE FUNCTION mutirao_count_pressures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT widget_id, (min(id) % 16)::smallint, count(*) FROM new_rows
      WHERE mutirao_pressure_counts(channel) GROUP BY widget_id
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  ELSE
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT widget_id, (min(id) % 16)::smallint, -count(*) FROM old_rows
      WHERE mutirao_pressure_counts(channel) GROUP BY widget_id
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION mutirao_count_donations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT coalesce(n.widget_id, s.widget_id), (min(n.id) % 16)::smallint, count(*)
      FROM new_rows n LEFT JOIN "subscriptions" s ON s.id = n.subscription_id
      WHERE mutirao_donation_counts(n.status) AND coalesce(n.widget_id, s.widget_id) IS NOT NULL
      GROUP BY 1
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT coalesce(o.widget_id, s.widget_id), (min(o.id) % 16)::smallint, -count(*)
      FROM old_rows o LEFT JOIN "subscriptions" s ON s.id = o.subscription_id
      WHERE mutirao_donation_counts(o.status) AND coalesce(o.widget_id, s.widget_id) IS NOT NULL
      GROUP BY 1
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  ELSE
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT widget_id, (min(id) % 16)::smallint, sum(delta) FROM (
        SELECT coalesce(n.widget_id, s.widget_id) AS widget_id, n.id, 1 AS delta
        FROM new_rows n LEFT JOIN "subscriptions" s ON s.id = n.subscription_id
        WHERE mutirao_donation_counts(n.status)
        UNION ALL
        SELECT coalesce(o.widget_id, s.widget_id), o.id, -1
        FROM old_rows o LEFT JOIN "subscriptions" s ON s.id = o.subscription_id
        WHERE mutirao_donation_counts(o.status)
      ) moved WHERE widget_id IS NOT NULL GROUP BY widget_id HAVING sum(delta) <> 0
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION mutirao_count_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT widget_id, (min(id) % 16)::smallint, count(*) FROM new_rows
      WHERE mutirao_call_counts(status) GROUP BY widget_id
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT widget_id, (min(id) % 16)::smallint, -count(*) FROM old_rows
      WHERE mutirao_call_counts(status) GROUP BY widget_id
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  ELSE
    INSERT INTO "widget_counters" (widget_id, shard, actions)
      SELECT widget_id, (min(id) % 16)::smallint, sum(delta) FROM (
        SELECT widget_id, id, 1 AS delta FROM new_rows WHERE mutirao_call_counts(status)
        UNION ALL
        SELECT widget_id, id, -1 FROM old_rows WHERE mutirao_call_counts(status)
      ) moved GROUP BY widget_id HAVING sum(delta) <> 0
    ON CONFLICT (widget_id, shard) DO UPDATE SET actions = "widget_counters".actions + EXCLUDED.actions;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activist_pressures_counted AFTER INSERT ON "activist_pressures"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_pressures();
--> statement-breakpoint
CREATE TRIGGER activist_pressures_uncounted AFTER DELETE ON "activist_pressures"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_pressures();
--> statement-breakpoint
CREATE TRIGGER donations_counted AFTER INSERT ON "donations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_donations();
--> statement-breakpoint
CREATE TRIGGER donations_uncounted AFTER DELETE ON "donations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_donations();
--> statement-breakpoint
CREATE TRIGGER donations_recounted AFTER UPDATE ON "donations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_donations();
--> statement-breakpoint
CREATE TRIGGER twilio_calls_counted AFTER INSERT ON "twilio_calls"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_calls();
--> statement-breakpoint
CREATE TRIGGER twilio_calls_uncounted AFTER DELETE ON "twilio_calls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_calls();
--> statement-breakpoint
CREATE TRIGGER twilio_calls_recounted AFTER UPDATE ON "twilio_calls"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutirao_count_calls();
--> statement-breakpoint
-- Every count again, by the definition: attempts, phone visits and unfinished calls leave the counters.
DELETE FROM "widget_counters";
--> statement-breakpoint
INSERT INTO "widget_counters" (widget_id, shard, actions)
  SELECT widget_id, 0, count(*) FROM (
    SELECT widget_id FROM "form_entries"
    UNION ALL SELECT widget_id FROM "activist_pressures" WHERE mutirao_pressure_counts(channel)
    UNION ALL SELECT coalesce(d.widget_id, s.widget_id) FROM "donations" d
      LEFT JOIN "subscriptions" s ON s.id = d.subscription_id WHERE mutirao_donation_counts(d.status)
    UNION ALL SELECT widget_id FROM "twilio_calls" WHERE mutirao_call_counts(status)
  ) counted WHERE widget_id IS NOT NULL GROUP BY widget_id;
--> statement-breakpoint
-- People's action counts and last actions again, by the same definition (a refused attempt is no action).
UPDATE "activists" a SET actions_count = c.n, last_action_at = coalesce(c.latest, a.created_at)
FROM (
  SELECT x.id, count(u.activist_id)::int AS n, max(u.created_at) AS latest
  FROM "activists" x LEFT JOIN (
    SELECT activist_id, created_at FROM "form_entries"
    UNION ALL SELECT activist_id, created_at FROM "activist_pressures" WHERE mutirao_pressure_counts(channel)
    UNION ALL SELECT activist_id, created_at FROM "donations" WHERE mutirao_donation_counts(status)
    UNION ALL SELECT activist_id, created_at FROM "twilio_calls" WHERE mutirao_call_counts(status)
  ) u ON u.activist_id = x.id
  GROUP BY x.id
) c
WHERE c.id = a.id AND (a.actions_count <> c.n OR a.last_action_at <> coalesce(c.latest, a.created_at));
--> statement-breakpoint
-- The Mailchimp queue names the kind of action it holds (which says the table and the segment's suffix), so a phone
-- pressure, a completed call, is told apart from an e-mail pressure though both join the P segment.
UPDATE "mailchimp_queue" SET kind = CASE kind WHEN 'F' THEN 'form' WHEN 'P' THEN 'pressure' ELSE 'donation' END;
--> statement-breakpoint
-- A completed call is now an action behind the mobilization list's activist count: its changes are announced too,
-- as the other actions' are (migration 0030).
CREATE TRIGGER twilio_calls_announce_lists AFTER INSERT OR UPDATE OF "status", "activist_id", "widget_id" OR DELETE OR TRUNCATE ON "twilio_calls"
  FOR EACH STATEMENT EXECUTE FUNCTION mutirao_announce_lists();
