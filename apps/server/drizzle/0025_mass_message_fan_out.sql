ALTER TABLE "facebook_bot_campaign_activists" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facebook_bot_campaigns" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "facebook_bot_campaign_activists_pending_idx" ON "facebook_bot_campaign_activists" USING btree ("facebook_bot_campaign_id","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "facebook_bot_campaign_activists_sending_idx" ON "facebook_bot_campaign_activists" USING btree ("sending_at") WHERE status = 'sending';