CREATE TABLE "activist_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activist_tag_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"filter" jsonb NOT NULL,
	"tag" text NOT NULL,
	"operation" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "activists_community_created_idx";--> statement-breakpoint
ALTER TABLE "activists" ADD COLUMN "actions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activists" ADD COLUMN "last_action_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing people: their actions counted, and the latest one (their creation when they took none).
UPDATE "activists" a SET
  "actions_count" = c.n,
  "last_action_at" = coalesce(c.latest, a."created_at")
FROM (
  SELECT x.id, count(u.activist_id)::int AS n, max(u.created_at) AS latest
  FROM "activists" x
  LEFT JOIN (
    SELECT activist_id, created_at FROM "form_entries"
    UNION ALL SELECT activist_id, created_at FROM "activist_pressures"
    UNION ALL SELECT activist_id, created_at FROM "twilio_calls"
    UNION ALL SELECT activist_id, created_at FROM "donations" WHERE widget_id IS NOT NULL
  ) u ON u.activist_id = x.id
  GROUP BY x.id
) c
WHERE c.id = a.id;--> statement-breakpoint
ALTER TABLE "activist_segments" ADD CONSTRAINT "activist_segments_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activist_tag_jobs" ADD CONSTRAINT "activist_tag_jobs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activist_segments_community_name_idx" ON "activist_segments" USING btree ("community_id",lower("name"));--> statement-breakpoint
CREATE INDEX "activist_tag_jobs_community_idx" ON "activist_tag_jobs" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "activists_community_last_action_idx" ON "activists" USING btree ("community_id","last_action_at","id");--> statement-breakpoint
CREATE INDEX "activists_community_name_idx" ON "activists" USING btree ("community_id",lower(coalesce("name", '')),"id");--> statement-breakpoint
CREATE INDEX "activists_community_created_id_idx" ON "activists" USING btree ("community_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activists_community_actions_idx" ON "activists" USING btree ("community_id","actions_count","id");