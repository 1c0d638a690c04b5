DROP INDEX "activists_community_last_action_idx";--> statement-breakpoint
ALTER TABLE "activists" ALTER COLUMN "last_action_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "activists" ALTER COLUMN "last_action_at" DROP NOT NULL;--> statement-breakpoint
-- Someone without an action that counts has no last action: the time stored was when they arrived, so the people
-- list put today's imports before everyone who acted, and a "last 7 days" filter counted them.
UPDATE "activists" SET "last_action_at" = NULL WHERE "actions_count" = 0;--> statement-breakpoint
CREATE INDEX "activists_community_last_action_idx" ON "activists" USING btree ("community_id",coalesce("last_action_at", '-infinity'::timestamptz),"id");